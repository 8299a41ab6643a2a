import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConflictError } from '../../domain/errors.js';
import { fold } from '../../domain/event.js';
import {
  decideRelease,
  decideReserve,
  evolveReservation,
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
  assert.equal(after, { owner: null });
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

test.run();
