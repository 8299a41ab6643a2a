/**
 * Parked events: when one view's handler throws on an event, that event is set aside for that
 * view only (a row here, an error in the log) and every view, that one included, goes on with
 * the rest of the log. An operator lists them (`confab projections failed`) and, once the cause
 * is fixed, applies them again (`confab projections retry`).
 */
import type { EventStore, RecordedEvent } from '../infrastructure/eventStore/eventStore.js';
import { positionToString } from '../infrastructure/eventStore/eventStore.js';
import {
  collection,
  type CollectionSpec,
  type ReadStore,
  type ReadStoreReader,
  type ReadStoreWriter,
} from '../infrastructure/readStore/readStore.js';
import type { Logger } from '../infrastructure/logger.js';
import type { Projection } from './projection.js';

export const PARKED_EVENTS = collection<ParkedEventDoc>('parked_events');
export const parkedEventsCollection: CollectionSpec = {
  name: PARKED_EVENTS.name,
  indexes: [['eventId'], ['parkedAt']],
};

export interface ParkedEventDoc {
  id: string;
  projection: string;
  eventId: string;
  streamId: string;
  type: string;
  position: string;
  error: string;
  parkedAt: string;
  [key: string]: unknown;
}

export const parkedId = (projection: string, eventId: string) => `${projection}:${eventId}`;

/** A view's handler threw on an event; carries which, so the runner can park exactly that. */
export class HandlerFailure extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    readonly reason: unknown,
  ) {
    super(
      `projection ${projection} failed on ${event.type} ${event.id}: ${(reason as Error)?.message ?? String(reason)}`,
    );
  }
}

/** Runs one handler, naming it and the event when it throws. */
export async function applyNamed(projection: Projection, event: RecordedEvent, tx: ReadStoreWriter): Promise<void> {
  try {
    await projection.apply(event, tx);
  } catch (err) {
    throw new HandlerFailure(projection.name, event, err);
  }
}

/** Whether anything is parked at all: usually not, and then no batch needs looking up. */
export async function anyParked(store: ReadStoreReader): Promise<boolean> {
  return (await store.find(PARKED_EVENTS, {}, { limit: 1 })).length > 0;
}

/** The (projection, event) pairs of this batch that are parked (`any`: anyParked's answer, when asked already). */
export async function parkedIn(store: ReadStoreReader, batch: RecordedEvent[], any?: boolean): Promise<Set<string>> {
  if (!(any ?? (await anyParked(store)))) return new Set();
  const docs = await store.find(PARKED_EVENTS, { eventId: { $in: batch.map((e) => e.id) } });
  return new Set(docs.map((d) => d.id));
}

export async function park(store: ReadStore, failure: HandlerFailure, at: Date): Promise<ParkedEventDoc> {
  const { projection, event } = failure;
  const doc: ParkedEventDoc = {
    id: parkedId(projection, event.id),
    projection,
    eventId: event.id,
    streamId: event.streamId,
    type: event.type,
    position: positionToString(event.position),
    error: String((failure.reason as Error)?.message ?? failure.reason).slice(0, 1000),
    parkedAt: at.toISOString(),
  };
  await store.upsert(PARKED_EVENTS, doc);
  return doc;
}

/** Failures of one handler on one event before it is parked: one retry rides out a blip. */
const FAILURES_BEFORE_PARKING = 2;

/** Counts each handler's failures per event and parks the event once they reach the limit. */
export class FailureParking {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly clock: () => Date,
  ) {}

  async failed(store: ReadStore, failure: HandlerFailure): Promise<void> {
    const key = parkedId(failure.projection, failure.event.id);
    const count = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, count);
    if (count < FAILURES_BEFORE_PARKING) return;
    this.failures.delete(key);
    const doc = await park(store, failure, this.clock());
    this.logger.error('projection handler failed: event parked for this view, the others go on', {
      projection: doc.projection,
      eventId: doc.eventId,
      type: doc.type,
      streamId: doc.streamId,
      error: doc.error,
    });
  }
}

export function listParked(store: ReadStoreReader): Promise<ParkedEventDoc[]> {
  return store.find(PARKED_EVENTS, {}, { sort: [['parkedAt', 1]] });
}

/**
 * Applies parked events to their view again (all, or those with the given ids), each in its
 * own transaction; one that succeeds leaves the list, one that fails stays with its new error.
 * Each transaction first locks the views' checkpoint (`checkpoint`), so a retry and a live
 * batch never change one document at the same time: while anything is parked, live batches go
 * through a transaction that takes the same lock (batchApplication.ts).
 */
export async function retryParked(
  events: Pick<EventStore, 'readStream'>,
  store: ReadStore,
  projections: Projection[],
  checkpoint: string,
  ids?: string[],
): Promise<{ applied: string[]; failing: ParkedEventDoc[] }> {
  const applied: string[] = [];
  const failing: ParkedEventDoc[] = [];
  for (const doc of await listParked(store)) {
    if (ids && !ids.includes(doc.id)) continue;
    const projection = projections.find((p) => p.name === doc.projection);
    const event = (await events.readStream(doc.streamId)).find((e) => e.id === doc.eventId);
    try {
      if (!projection || !event) throw new Error(`no ${projection ? 'event' : 'projection'} for parked ${doc.id}`);
      await store.transaction(async (tx) => {
        await tx.lockCheckpoint(checkpoint);
        await projection.apply(event, tx);
        await tx.delete(PARKED_EVENTS, doc.id);
      });
      applied.push(doc.id);
    } catch (err) {
      const again = { ...doc, error: String((err as Error)?.message ?? err).slice(0, 1000) };
      await store.upsert(PARKED_EVENTS, again);
      failing.push(again);
    }
  }
  return { applied, failing };
}
