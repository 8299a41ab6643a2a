/**
 * A reservation stream (`<kind>-<key>`) makes a name unique across aggregates: whoever appends
 * NameReserved at the expected revision holds it until NameReleased (DESIGN.md, decision 4).
 */
import { createHash } from 'node:crypto';
import type { Decider, DomainEvent } from './event.js';
import { ConflictError } from './errors.js';

export type ReservationEvent =
  | DomainEvent<'NameReserved', { key: string; owner: string }>
  /** releasedAt: when it was given back, for names that stay with their last owner for a while. */
  | DomainEvent<'NameReleased', { key: string; owner: string; releasedAt?: string }>;

export interface ReservationState {
  owner: string | null;
  /** The last release that recorded its time (the start of a cool-down), while nobody holds the name. */
  released: { owner: string; at: string } | null;
}

export const initialReservation: ReservationState = { owner: null, released: null };

export function evolveReservation(state: ReservationState, event: ReservationEvent): ReservationState {
  if (event.type === 'NameReserved') return { owner: event.data.owner, released: null };
  if (event.type === 'NameReleased' && state.owner === event.data.owner) {
    const { owner, releasedAt } = event.data;
    return { owner: null, released: releasedAt ? { owner, at: releasedAt } : null };
  }
  return state;
}

/**
 * A released name is kept for its last owner until `ms` after the release: nobody else may take
 * it, so a retired name cannot be picked up at once by someone who would pass for its owner.
 */
export interface CoolDown {
  now: Date;
  ms: number;
  /** What the caller reports when the name is cooling down for another owner (409). */
  message: string;
}

/** Who may have the name now: its owner, or the owner who released it within the cool-down. */
export function holderOf(state: ReservationState, coolDown?: Pick<CoolDown, 'now' | 'ms'>): string | null {
  if (state.owner !== null || !coolDown || !state.released) return state.owner;
  const coolsUntil = Date.parse(state.released.at) + coolDown.ms;
  return coolDown.now.getTime() < coolsUntil ? state.released.owner : null;
}

/** Reserve: nothing to do when the owner already holds it; refused (null) when another does. */
export function decideReserve(
  key: string,
  owner: string,
  state: ReservationState,
  coolDown?: Pick<CoolDown, 'now' | 'ms'>,
): ReservationEvent[] | null {
  if (state.owner === owner) return [];
  const holder = holderOf(state, coolDown);
  if (holder !== null && holder !== owner) return null;
  return [{ type: 'NameReserved', data: { key, owner } }];
}

/** Release; `now` records when, which starts a cool-down for names that have one. */
export function decideRelease(key: string, owner: string, state: ReservationState, now?: Date): ReservationEvent[] {
  if (state.owner !== owner) return [];
  return [{ type: 'NameReleased', data: now ? { key, owner, releasedAt: now.toISOString() } : { key, owner } }];
}

export type ReservationCommand =
  /** conflictMessage: what the caller reports when another owner holds the key (409). */
  | { type: 'Reserve'; key: string; owner: string; conflictMessage: string; coolDown?: CoolDown }
  | { type: 'Release'; key: string; owner: string; now?: Date };

export const reservationDecider: Decider<ReservationCommand, ReservationState, ReservationEvent> = {
  decide(command, state) {
    if (command.type === 'Release') return decideRelease(command.key, command.owner, state, command.now);
    const events = decideReserve(command.key, command.owner, state, command.coolDown);
    if (events !== null) return events;
    const { coolDown } = command;
    throw new ConflictError(state.owner === null && coolDown ? coolDown.message : command.conflictMessage);
  },
  evolve: evolveReservation,
  initialState: initialReservation,
};

/** Keys may hold anything (URLs, emails); the stream name carries a digest of them. */
export function reservationStream(kind: string, key: string): string {
  return `${kind}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

/** The reservation kind (`email`, `webhookurl`, `slug`…) of a reservation stream. */
export const reservationKindOfStream = (streamId: string): string => streamId.slice(0, streamId.lastIndexOf('-'));
