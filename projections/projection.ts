/**
 * A projection turns events into read-store documents. apply() runs inside the runner's
 * transaction together with the checkpoint update, so a batch is applied exactly once.
 */
import type { RecordedEvent } from '../infrastructure/eventStore/eventStore.js';
import type { CollectionSpec, ReadStoreWriter } from '../infrastructure/readStore/readStore.js';

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
export type DocKey = readonly [collection: string, id: string];

/** Small helper so each view reads as a table of event type → handler. */
export function defineProjection(
  name: string,
  collections: CollectionSpec[],
  handlers: Record<string, (event: RecordedEvent, tx: ReadStoreWriter) => Promise<void>>,
  /** Per event type, the documents its handler reads by id (see Projection.reads). */
  reads: Record<string, (event: RecordedEvent) => DocKey[]> = {},
): Projection {
  return {
    name,
    collections,
    handles: Object.keys(handlers),
    apply: (event, tx) => handlers[event.type](event, tx),
    reads: (event) => reads[event.type]?.(event) ?? [],
  };
}

/** A new document's timestamps: created and last updated when its first event happened. */
export function stampedAt(event: RecordedEvent): { createdAt: string; updatedAt: string } {
  return { createdAt: event.metadata.occurredAt, updatedAt: event.metadata.occurredAt };
}
