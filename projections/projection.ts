/**
 * A projection turns events into read-store documents. apply() runs inside the runner's
 * transaction together with the checkpoint update, so a batch is applied exactly once.
 */
import type { DomainEventType } from '../domain/domainEvents.js';
import type { RecordedEvent } from '../infrastructure/eventStore/eventStore.js';
import type { Collection, CollectionSpec, ReadStoreWriter } from '../infrastructure/readStore/readStore.js';
import { asDomainEvent, type RecordedEventOf } from './recordedDomainEvent.js';

export interface Projection {
  name: string;
  collections: CollectionSpec[];
  /** Event types this projection reads; the runner skips the rest. */
  handles: readonly string[];
  apply(event: RecordedEvent, tx: ReadStoreWriter): Promise<void>;
  /**
   * The documents apply() will read by id for this event, when it can tell from the event
   * alone: the runner fetches those of a whole batch in one query per collection instead of
   * one round trip per event.
   */
  reads?(event: RecordedEvent): DocKey[];
}

/** A document by collection and id. */
export type DocKey = readonly [collection: Collection, id: string];

/** Per event type, the handler that applies it, given the event with its payload typed. */
export type ProjectionHandlers = {
  [T in DomainEventType]?: (event: RecordedEventOf<T>, tx: ReadStoreWriter) => Promise<void>;
};

/** Per event type, the documents its handler reads by id (see Projection.reads). */
export type ProjectionReads = { [T in DomainEventType]?: (event: RecordedEventOf<T>) => DocKey[] };

/** A handler of any one type, called with an event of that type (looked up by its own type). */
type AnyHandler = (event: RecordedEventOf<DomainEventType>, tx: ReadStoreWriter) => Promise<void>;
type AnyReads = (event: RecordedEventOf<DomainEventType>) => DocKey[];

/** Small helper so each view reads as a table of event type → handler. */
export function defineProjection(
  name: string,
  collections: CollectionSpec[],
  handlers: ProjectionHandlers,
  reads: ProjectionReads = {},
): Projection {
  const handlerOf = handlers as Partial<Record<string, AnyHandler>>;
  const readsOf = reads as Partial<Record<string, AnyReads>>;
  return {
    name,
    collections,
    handles: Object.keys(handlers),
    apply: (event, tx) => handlerOf[event.type]!(asDomainEvent(event), tx),
    reads: (event) => readsOf[event.type]?.(asDomainEvent(event)) ?? [],
  };
}

/** A new document's timestamps: created and last updated when its first event happened. */
export function stampedAt(event: Pick<RecordedEvent, 'metadata'>): { createdAt: string; updatedAt: string } {
  return { createdAt: event.metadata.occurredAt, updatedAt: event.metadata.occurredAt };
}
