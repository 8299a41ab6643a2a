import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConflictError } from '../../domain/errors.js';
import { fold } from '../../domain/event.js';
import {
  decideRelease,
  decideReserve,
  evolveReservation,
  holderOf,
  initialReservation,
  reservationDecider,
  type ReservationEvent,
} from '../../domain/reservation.js';

const held = (owner: string) =>
  fold(evolveReservation, initialReservation, [
    { type: 'NameReserved', data: { key: 'k', owner } },
  ] as ReservationEvent[]);

test('a free name is reserved for the asker', () => {
  assert.equal(decideReserve('k', 'a', initialReservation), [{ type: 'NameReserved', data: { key: 'k', owner: 'a' } }]);
});

test('reserving again by the holder is a no-op; another owner is refused with null', () => {
  assert.equal(decideReserve('k', 'a', held('a')), []);
  assert.is(decideReserve('k', 'b', held('a')), null);
});

test('only the holder releases; the name is free again afterwards', () => {
  assert.equal(decideRelease('k', 'b', held('a')), []);
  const events = decideRelease('k', 'a', held('a'));
  assert.equal(events, [{ type: 'NameReleased', data: { key: 'k', owner: 'a' } }]);
  const after = fold(evolveReservation, held('a'), events);
  assert.equal(after, { owner: null, released: null });
  assert.ok(decideReserve('k', 'b', after)?.length === 1);
});

test('a release by a non-holder does not free the name when folded', () => {
  const s = evolveReservation(held('a'), { type: 'NameReleased', data: { key: 'k', owner: 'b' } });
  assert.is(s.owner, 'a');
});

test('releasing a free name yields nothing', () => {
  assert.equal(decideRelease('k', 'a', initialReservation), []);
});

test("the decider: reserve conflicts with the caller's message; release by the holder frees it", () => {
  const held = reservationDecider.evolve(reservationDecider.initialState, {
    type: 'NameReserved',
    data: { key: 'k', owner: 'a' },
  });
  assert.throws(
    () =>
      reservationDecider.decide({ type: 'Reserve', key: 'k', owner: 'b', conflictMessage: 'taken by someone' }, held),
    (err: Error) => err instanceof ConflictError && err.message === 'taken by someone',
  );
  assert.equal(reservationDecider.decide({ type: 'Reserve', key: 'k', owner: 'a', conflictMessage: 'x' }, held), []);
  assert.equal(reservationDecider.decide({ type: 'Release', key: 'k', owner: 'a' }, held), [
    { type: 'NameReleased', data: { key: 'k', owner: 'a' } },
  ]);
});

const DAY = 24 * 60 * 60 * 1000;
const releasedAt = new Date('2026-01-01T00:00:00Z');
const at = (days: number) => new Date(releasedAt.getTime() + days * DAY);
const coolDown = (days: number) => ({ now: at(days), ms: 30 * DAY, message: 'cooling down' });

test('a release given its time records it, and the name cools down for its last owner from then', () => {
  const events = decideRelease('k', 'a', held('a'), releasedAt);
  assert.equal(events, [
    { type: 'NameReleased', data: { key: 'k', owner: 'a', releasedAt: '2026-01-01T00:00:00.000Z' } },
  ]);
  const after = fold(evolveReservation, held('a'), events);
  assert.equal(after, { owner: null, released: { owner: 'a', at: '2026-01-01T00:00:00.000Z' } });
  assert.is(holderOf(after, coolDown(29)), 'a');
  assert.is(holderOf(after, coolDown(30)), null, 'free once the cool-down has passed');
  assert.is(holderOf(after), null, 'names without a cool-down are free at once');
  assert.is(decideReserve('k', 'b', after, coolDown(29)), null);
  assert.equal(decideReserve('k', 'a', after, coolDown(29)), [
    { type: 'NameReserved', data: { key: 'k', owner: 'a' } },
  ]);
  assert.equal(decideReserve('k', 'b', after, coolDown(31)), [
    { type: 'NameReserved', data: { key: 'k', owner: 'b' } },
  ]);
});

test('the decider refuses another owner during the cool-down with its own message; taking it back ends it', () => {
  const after = fold(evolveReservation, held('a'), decideRelease('k', 'a', held('a'), releasedAt));
  const reserve = (owner: string, days: number) =>
    reservationDecider.decide(
      { type: 'Reserve', key: 'k', owner, conflictMessage: 'taken', coolDown: coolDown(days) },
      after,
    );
  assert.throws(
    () => reserve('b', 1),
    (err: Error) => err instanceof ConflictError && err.message === 'cooling down',
  );
  const back = fold(evolveReservation, after, reserve('a', 1) as ReservationEvent[]);
  assert.equal(back, { owner: 'a', released: null });
  assert.throws(
    () =>
      reservationDecider.decide(
        { type: 'Reserve', key: 'k', owner: 'b', conflictMessage: 'taken', coolDown: coolDown(1) },
        back,
      ),
    (err: Error) => err instanceof ConflictError && err.message === 'taken',
  );
});

test('a release recorded without its time (older events, other kinds of names) frees the name at once', () => {
  const after = fold(evolveReservation, held('a'), [{ type: 'NameReleased', data: { key: 'k', owner: 'a' } }]);
  assert.is(holderOf(after, coolDown(1)), null);
});

test.run();
