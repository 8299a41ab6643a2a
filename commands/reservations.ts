/**
 * Race-safe uniqueness on the event store: the append with the expected revision decides who
 * wins when two requests reserve the same name at once.
 */
import { reservationDecider, reservationStream, type ReservationCommand } from '../domain/reservation.js';
import type { AggregateStore, TogetherStep } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';

export class Reservations {
  constructor(private readonly store: AggregateStore) {}

  /** Throws ConflictError(conflictMessage) when another owner holds the key. */
  async reserve(
    kind: string,
    key: string,
    owner: string,
    ctx: CommandContext,
    conflictMessage: string,
    opts: { waitForViews?: boolean } = {},
  ): Promise<void> {
    const step = this.reserveStep(kind, key, owner, conflictMessage);
    await this.store.handle(step.streamId, reservationDecider, step.command, ctx, opts);
  }

  /** The reservation as one step of several appended together (AggregateStore.handleTogether). */
  reserveStep(
    kind: string,
    key: string,
    owner: string,
    conflictMessage: string,
  ): TogetherStep & { command: ReservationCommand } {
    return {
      streamId: reservationStream(kind, key),
      decider: reservationDecider,
      command: { type: 'Reserve', key, owner, conflictMessage },
    };
  }

  async release(kind: string, key: string, owner: string, ctx: CommandContext): Promise<void> {
    const step = this.releaseStep(kind, key, owner);
    await this.store.handle(step.streamId, reservationDecider, step.command, ctx);
  }

  /** The release as one step of several appended together (a delete and what it gives back). */
  releaseStep(kind: string, key: string, owner: string): TogetherStep & { command: ReservationCommand } {
    return {
      streamId: reservationStream(kind, key),
      decider: reservationDecider,
      command: { type: 'Release', key, owner },
    };
  }

  async ownerOf(kind: string, key: string): Promise<string | null> {
    const { state } = await this.store.load(reservationStream(kind, key), reservationDecider);
    return state.owner;
  }
}
