/** The session and challenge tables on every SQL driver, on an injected clock: idle and absolute expiry, touches, ending, single use. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { availableSqlDrivers, createTestSql } from '../../support/testStores.js';
import {
  createSqlSessionStore,
  hashSessionId,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '../../../infrastructure/sessions/sessionStore.js';
import { createSqlChallengeStore } from '../../../infrastructure/sessions/challengeStore.js';

const MIN = 60_000;

for (const driver of availableSqlDrivers()) {
  test(`${driver}: only the sha256 of the id is stored; idle expiry after 8 h without use; use is written at most once a minute`, async () => {
    const store = await createTestSql(driver);
    let now = Date.parse('2030-01-01T00:00:00Z');
    try {
      const sessions = await createSqlSessionStore(store.sql, () => new Date(now));
      const { sessionId } = await sessions.create({ userId: 'u1', workspaceId: 'w1', method: 'password' });
      const { rows } = await store.sql.query<{ id_hash: string }>('SELECT id_hash FROM auth_sessions');
      assert.equal(
        rows.map((r) => r.id_hash),
        [hashSessionId(sessionId)],
      );
      assert.not.ok(JSON.stringify(rows).includes(sessionId));
      now += 30 * 1000;
      assert.is((await sessions.lookup(sessionId))!.lastSeenAt, now - 30 * 1000, 'not touched within the minute');
      now += MIN;
      assert.is((await sessions.lookup(sessionId))!.lastSeenAt, now, 'touched after a minute');
      now += SESSION_IDLE_MS - 1;
      assert.ok(await sessions.lookup(sessionId), 'still alive just before the idle limit');
      now += SESSION_IDLE_MS;
      assert.is(await sessions.lookup(sessionId), null, 'idle too long');
      assert.is((await store.sql.query('SELECT 1 FROM auth_sessions')).rows.length, 0, 'and removed');
    } finally {
      await store.cleanup();
    }
  });

  test(`${driver}: absolute expiry after 7 days however busy; end and end-all-for-user`, async () => {
    const store = await createTestSql(driver);
    let now = Date.parse('2030-01-01T00:00:00Z');
    try {
      const sessions = await createSqlSessionStore(store.sql, () => new Date(now));
      const busy = await sessions.create({ userId: 'u1', workspaceId: 'w1', method: 'password' });
      const start = now;
      while (now < start + SESSION_ABSOLUTE_MS - 60 * MIN) {
        now += 60 * MIN;
        assert.ok(await sessions.lookup(busy.sessionId));
      }
      now = start + SESSION_ABSOLUTE_MS;
      assert.is(await sessions.lookup(busy.sessionId), null);

      const a = await sessions.create({ userId: 'u2', workspaceId: 'w1', method: 'password' });
      const b = await sessions.create({ userId: 'u2', workspaceId: 'w2', method: 'code' });
      const c = await sessions.create({ userId: 'u2', workspaceId: 'w1', method: 'oidc' });
      const other = await sessions.create({ userId: 'u3', workspaceId: 'w1', method: 'password' });
      assert.is(await sessions.lastWorkspaceOf('u2'), 'w1');
      assert.ok(await sessions.end(a.sessionId));
      assert.not.ok(await sessions.end(a.sessionId));
      assert.is(await sessions.endAllForUser('u2', c.sessionId), 1);
      assert.is(await sessions.lookup(b.sessionId), null);
      assert.ok(await sessions.lookup(c.sessionId));
      assert.ok(await sessions.lookup(other.sessionId));
      assert.is(await sessions.lookup('x'.repeat(500)), null);
    } finally {
      await store.cleanup();
    }
  });

  test(`${driver}: challenges: a token is taken once and never after expiry; a code burns on its 5th wrong try`, async () => {
    const store = await createTestSql(driver);
    let now = Date.parse('2030-01-01T00:00:00Z');
    try {
      const challenges = await createSqlChallengeStore(store.sql, () => new Date(now));
      const token = await challenges.issueToken('magic', 'u1', { userId: 'u1' }, 15 * MIN);
      assert.not.ok(JSON.stringify((await store.sql.query('SELECT * FROM auth_challenges')).rows).includes(token));
      assert.is(await challenges.consumeToken('handoff', token), null, 'another kind does not take it');
      assert.is(await challenges.peekToken('handoff', token), null, 'nor shows it');
      for (let i = 0; i < 2; i++)
        assert.equal((await challenges.peekToken('magic', token))?.data, { userId: 'u1' }, 'a peek leaves it in place');
      const taken = await Promise.all([
        challenges.consumeToken('magic', token),
        challenges.consumeToken('magic', token),
      ]);
      assert.equal(
        taken.filter(Boolean).map((t) => t!.data),
        [{ userId: 'u1' }],
      );
      const late = await challenges.issueToken('magic', 'u1', {}, 15 * MIN);
      now += 15 * MIN;
      assert.is(await challenges.peekToken('magic', late), null, 'an expired token shows nothing');
      assert.is(await challenges.consumeToken('magic', late), null);
      assert.is(await challenges.peekToken('magic', token), null, 'a used token shows nothing');

      const hash = (code: string) => (salt: string) => `${salt}:${code}`;
      await challenges.issueCode('code', 's1', { userId: 'u1' }, { hash: 'salt:123456', salt: 'salt' }, 10 * MIN, 5);
      const verdicts = [];
      for (let i = 0; i < 5; i++) verdicts.push((await challenges.verifyCode('code', 's1', hash('000000'))).verdict);
      assert.equal(verdicts, ['wrong', 'wrong', 'wrong', 'wrong', 'burned']);
      assert.is((await challenges.verifyCode('code', 's1', hash('123456'))).verdict, 'none');
      await challenges.issueCode('code', 's1', { userId: 'u1' }, { hash: 'salt:123456', salt: 'salt' }, 10 * MIN, 5);
      now += 10 * MIN;
      assert.is((await challenges.verifyCode('code', 's1', hash('123456'))).verdict, 'expired');
      await challenges.issueCode('code', 's1', { userId: 'u1' }, { hash: 'salt:123456', salt: 'salt' }, 10 * MIN, 5);
      const ok = await challenges.verifyCode('code', 's1', hash('123456'));
      assert.equal([ok.verdict, ok.challenge?.data], ['accepted', { userId: 'u1' }]);
      assert.is((await challenges.verifyCode('code', 's1', hash('123456'))).verdict, 'none', 'single use');
    } finally {
      await store.cleanup();
    }
  });
}

test.run();
