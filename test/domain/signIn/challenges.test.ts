/** Judging a mailed code: accepted, expired, wrong while tries are left, burned on the last. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatCode, isCodeShaped, judgeCode, sameDigest } from '../../../domain/signIn/challenges.js';

const now = new Date('2030-01-01T00:00:00Z');
const live = { attemptsLeft: 5, expiresAt: new Date(now.getTime() + 1000), secretHash: 'abc' };

test('judgeCode', () => {
  assert.is(judgeCode(live, 'abc', now), 'accepted');
  assert.is(judgeCode(live, 'abd', now), 'wrong');
  assert.is(judgeCode({ ...live, attemptsLeft: 1 }, 'abd', now), 'burned');
  assert.is(judgeCode(live, 'abc', new Date(now.getTime() + 1000)), 'expired');
  assert.is(judgeCode({ ...live, secretHash: null }, '', now), 'wrong');
});

test('codes: six digits, zero-padded; digests compared whole', () => {
  assert.is(formatCode(42), '000042');
  assert.ok(isCodeShaped(' 012345 '));
  assert.not.ok(isCodeShaped('12345'));
  assert.not.ok(isCodeShaped(123456));
  assert.ok(sameDigest('ab', 'ab'));
  assert.not.ok(sameDigest('ab', 'abc'));
  assert.not.ok(sameDigest('', ''));
});

test.run();
