/**
 * An event as the log records it (envelope, stream, position) with its domain payload typed by
 * its event type, for the handlers of the read side.
 */
import type { DomainEventOf, DomainEventType } from '../domain/domainEvents.js';
import type { RecordedEvent } from '../infrastructure/eventStore/eventStore.js';

/** Distributes over a union of types, so `event.type` narrows `event.data`. */
export type RecordedEventOf<T extends DomainEventType> = T extends DomainEventType
  ? Omit<RecordedEvent, 'type' | 'data'> & DomainEventOf<T>
  : never;

export type RecordedDomainEvent = RecordedEventOf<DomainEventType>;

/**
 * The log stores payloads as JSON, so this is where the read side trusts that each event holds
 * the payload its aggregate appended (the deciders are the only writers of these types).
 */
export function asDomainEvent(event: RecordedEvent): RecordedDomainEvent {
  return event as unknown as RecordedDomainEvent;
}
