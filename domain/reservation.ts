/**
 * A reservation stream (`<kind>-<key>`) makes a name unique across aggregates: whoever appends
 * NameReserved at the expected revision holds it until NameReleased (DESIGN.md, decision 4).
 */
import { createHash } from 'node:crypto';
import type { Decider, DomainEvent } from './event.js';
import { ConflictError } from './errors.js';

export type ReservationEvent =
  | DomainEvent<'NameReserved', { key: string; owner: string }>
  | DomainEvent<'NameReleased', { key: string; owner: string }>;

export interface ReservationState {
  owner: string | null;
}

export const initialReservation: ReservationState = { owner: null };

export function evolveReservation(state: ReservationState, event: ReservationEvent): ReservationState {
  if (event.type === 'NameReserved') return { owner: event.data.owner };
  if (event.type === 'NameReleased' && state.owner === event.data.owner) return { owner: null };
  return state;
}

/** Reserve: nothing to do when the owner already holds it; refused (null) when another does. */
export function decideReserve(key: string, owner: string, state: ReservationState): ReservationEvent[] | null {
  if (state.owner === owner) return [];
  if (state.owner !== null) return null;
  return [{ type: 'NameReserved', data: { key, owner } }];
}

export function decideRelease(key: string, owner: string, state: ReservationState): ReservationEvent[] {
  return state.owner === owner ? [{ type: 'NameReleased', data: { key, owner } }] : [];
}

export type ReservationCommand =
  /** conflictMessage: what the caller reports when another owner holds the key (409). */
  | { type: 'Reserve'; key: string; owner: string; conflictMessage: string }
  | { type: 'Release'; key: string; owner: string };

export const reservationDecider: Decider<ReservationCommand, ReservationState, ReservationEvent> = {
  decide(command, state) {
    if (command.type === 'Release') return decideRelease(command.key, command.owner, state);
    const events = decideReserve(command.key, command.owner, state);
    if (events === null) throw new ConflictError(command.conflictMessage);
    return events;
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
