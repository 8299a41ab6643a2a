/**
 * Race-safe uniqueness on the event store: the append with the expected revision decides who
 * wins when two requests reserve the same name at once.
 */
import {
  type CoolDown,
  holderOf,
  reservationDecider,
  reservationStream,
  type ReservationCommand,
} from '../domain/reservation.js';
import type { AggregateStore, TogetherStep } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';

export class Reservations {
  constructor(private readonly store: AggregateStore) {}

  /**
   * Throws ConflictError(conflictMessage) when another owner holds the key, or the cool-down's
   * message while it is kept for the owner who released it.
   */
  async reserve(
    kind: string,
    key: string,
    owner: string,
    ctx: CommandContext,
    conflictMessage: string,
    { coolDown, ...opts }: { waitForViews?: boolean; coolDown?: CoolDown } = {},
  ): Promise<void> {
    const step = this.reserveStep(kind, key, owner, conflictMessage, coolDown);
    await this.store.handle(step.streamId, reservationDecider, step.command, ctx, opts);
  }

  /** The reservation as one step of several appended together (AggregateStore.handleTogether). */
  reserveStep(
    kind: string,
    key: string,
    owner: string,
    conflictMessage: string,
    coolDown?: CoolDown,
  ): TogetherStep & { command: ReservationCommand } {
    return {
      streamId: reservationStream(kind, key),
      decider: reservationDecider,
      command: { type: 'Reserve', key, owner, conflictMessage, coolDown },
    };
  }

  /** `now`: when, recorded in the release, for keys that cool down before another owner may take them. */
  async release(kind: string, key: string, owner: string, ctx: CommandContext, now?: Date): Promise<void> {
    const step = this.releaseStep(kind, key, owner, now);
    await this.store.handle(step.streamId, reservationDecider, step.command, ctx);
  }

  /** The release as one step of several appended together (a delete and what it gives back). */
  releaseStep(kind: string, key: string, owner: string, now?: Date): TogetherStep & { command: ReservationCommand } {
    return {
      streamId: reservationStream(kind, key),
      decider: reservationDecider,
      command: { type: 'Release', key, owner, now },
    };
  }

  async ownerOf(kind: string, key: string): Promise<string | null> {
    return this.holderOf(kind, key);
  }

  /** The owner, or during a cool-down the owner who released the key. */
  async holderOf(kind: string, key: string, coolDown?: Pick<CoolDown, 'now' | 'ms'>): Promise<string | null> {
    const { state } = await this.store.load(reservationStream(kind, key), reservationDecider);
    return holderOf(state, coolDown);
  }
}
