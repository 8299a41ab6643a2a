/**
 * Race-safe uniqueness on the event store: the append with the expected revision decides who
 * wins when two requests reserve the same name at once.
 */
import { createHash } from 'node:crypto';
import { ConflictError } from '../domain/errors.js';
import { decideRelease, decideReserve, evolveReservation, initialReservation } from '../domain/reservation.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';

const reservation = { initial: initialReservation, evolve: evolveReservation };

/** Keys may hold anything (URLs, emails); the stream name carries a digest of them. */
export function reservationStream(kind: string, key: string): string {
  return `${kind}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

export class Reservations {
  constructor(private readonly store: AggregateStore) {}

  /** Throws ConflictError(message) when another owner holds the key. */
  async reserve(kind: string, key: string, owner: string, ctx: CommandContext, message: string): Promise<void> {
    const streamId = reservationStream(kind, key);
    await this.store.handle(streamId, reservation, (state) => {
      const events = decideReserve(key, owner, state);
      if (events === null) throw new ConflictError(message);
      return events;
    }, ctx);
  }

  async release(kind: string, key: string, owner: string, ctx: CommandContext): Promise<void> {
    await this.store.handle(reservationStream(kind, key), reservation, (state) => decideRelease(key, owner, state), ctx);
  }

  async ownerOf(kind: string, key: string): Promise<string | null> {
    const { state } = await this.store.load(reservationStream(kind, key), reservation);
    return state.owner;
  }
}
