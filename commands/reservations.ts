/**
 * Race-safe uniqueness on the event store: the append with the expected revision decides who
 * wins when two requests reserve the same name at once.
 */
import { createHash } from 'node:crypto';
import { reservationDecider } from '../domain/reservation.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';

/** Keys may hold anything (URLs, emails); the stream name carries a digest of them. */
export function reservationStream(kind: string, key: string): string {
  return `${kind}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

export class Reservations {
  constructor(private readonly store: AggregateStore) {}

  /** Throws ConflictError(conflictMessage) when another owner holds the key. */
  async reserve(kind: string, key: string, owner: string, ctx: CommandContext, conflictMessage: string): Promise<void> {
    await this.store.handle(reservationStream(kind, key), reservationDecider, { type: 'Reserve', key, owner, conflictMessage }, ctx);
  }

  async release(kind: string, key: string, owner: string, ctx: CommandContext): Promise<void> {
    await this.store.handle(reservationStream(kind, key), reservationDecider, { type: 'Release', key, owner }, ctx);
  }

  async ownerOf(kind: string, key: string): Promise<string | null> {
    const { state } = await this.store.load(reservationStream(kind, key), reservationDecider);
    return state.owner;
  }
}
