/**
 * Applying one batch of events to the views, exactly once across instances (DESIGN.md §8):
 * the batch lands only where the views' checkpoint still stands where the batch starts.
 *
 * Two ways, the same outcome. In a transaction that first locks the checkpoint, the handlers
 * run against the locked views (any store; any handler). At once: the handlers run against
 * the views as they are, in memory, and the store writes their documents and moves the
 * checkpoint in one step that checks it first (ReadStore.commitBatch: one round trip on
 * PostgreSQL instead of a transaction held open for the batch). A document read
 * meanwhile cannot be stale in a batch that lands: whoever changed it moved the checkpoint. A
 * handler that asks a question by filter (find, count) needs the transaction's view of its own
 * earlier writes, so such a batch is applied the first way; so is every batch while an event is
 * parked (the runner decides: an operator's retry writes under the checkpoint lock).
 */
import type { Position, RecordedEvent } from '../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../infrastructure/eventStore/eventStore.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import { BufferedWriter, QueryInBatch, type KnownDocs } from '../infrastructure/readStore/bufferedWriter.js';
import type { Projection } from './projection.js';
import { HandlerFailure, applyNamed, parkedId } from './parkedEvents.js';

export interface BatchOutcome {
  /** Events applied: the batch's length, or 0 when another instance got there first. */
  applied: number;
  writer: BufferedWriter;
}

/** Runs every handler of the batch that applies (not parked for its view) against `writer`. */
async function runHandlers(
  writer: BufferedWriter,
  projections: Projection[],
  batch: RecordedEvent[],
  parked: Set<string>,
): Promise<void> {
  const applies = (projection: Projection, event: RecordedEvent) =>
    projection.handles.includes(event.type) && !parked.has(parkedId(projection.name, event.id));
  await writer.prefetch(
    batch.flatMap((event) => projections.flatMap((p) => (applies(p, event) ? (p.reads?.(event) ?? []) : []))),
  );
  for (const event of batch) {
    for (const projection of projections) if (applies(projection, event)) await applyNamed(projection, event, writer);
  }
}

export async function applyInTransaction(
  store: ReadStore,
  projections: Projection[],
  checkpoint: string,
  from: Position | null,
  batch: RecordedEvent[],
  parked: Set<string>,
  known?: KnownDocs,
): Promise<BatchOutcome> {
  let writer!: BufferedWriter;
  const applied = await store.transaction(async (direct) => {
    // Documents are written once per batch, not once per event (bufferedWriter.ts).
    writer = new BufferedWriter(direct, known);
    const locked = await writer.lockCheckpoint(checkpoint);
    const same = locked === null ? from === null : from !== null && comparePositions(locked, from) === 0;
    if (!same) return 0;
    await runHandlers(writer, projections, batch, parked);
    await writer.saveCheckpoint(checkpoint, batch[batch.length - 1].position);
    return batch.length;
  });
  return { applied, writer };
}

/** Null, having written nothing, when the store cannot or a handler needs a transaction. */
export async function applyAtOnce(
  store: ReadStore,
  projections: Projection[],
  checkpoint: string,
  from: Position | null,
  batch: RecordedEvent[],
  parked: Set<string>,
): Promise<BatchOutcome | null> {
  if (!store.commitBatch) return null;
  const writer = new BufferedWriter(store, undefined, { queries: false });
  try {
    await runHandlers(writer, projections, batch, parked);
  } catch (err) {
    if (err instanceof HandlerFailure && err.reason instanceof QueryInBatch) return null;
    throw err;
  }
  const landed = await store.commitBatch(checkpoint, from, batch[batch.length - 1].position, writer.takeWrites());
  return { applied: landed ? batch.length : 0, writer };
}
