/** API key last-used: noted in memory, written at most once per flush, never moved back. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestSql } from '../../support/testStores.js';
import { createApiKeyLastUsed } from '../../../infrastructure/usage/apiKeyLastUsed.js';

let now = Date.parse('2026-11-25T10:00:00.000Z');
const clock = () => new Date(now);

test('a use shows at once on this instance, reaches the table only on flush, and never moves back', async () => {
  const store = await createTestSql();
  const writes: string[] = [];
  const sql = new Proxy(store.sql, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (prop !== 'query') return typeof v === 'function' ? v.bind(target) : v;
      return (text: string, params?: unknown[]) => {
        if (/^\s*INSERT/.test(text)) writes.push(text);
        return (v as Function).call(target, text, params);
      };
    },
  });
  const a = await createApiKeyLastUsed(sql, { clock, flushMs: 3_600_000 });
  const other = await createApiKeyLastUsed(store.sql, { clock, flushMs: 3_600_000 });
  try {
    for (let i = 0; i < 100; i++) a.touch('k1');
    assert.is(writes.length, 0, 'no write per use');
    assert.is((await a.lastUsed(['k1'])).get('k1'), '2026-11-25T10:00:00.000Z', 'this instance sees its own note');
    assert.is((await other.lastUsed(['k1'])).get('k1'), undefined, 'another instance sees it after the flush');
    await a.flush();
    assert.is(writes.length, 1, 'one write for a hundred uses');
    assert.is((await other.lastUsed(['k1', 'k2'])).get('k1'), '2026-11-25T10:00:00.000Z');
    now += 120_000;
    a.touch('k1');
    a.touch('k2');
    await a.flush();
    assert.is(writes.length, 2, 'several keys in one write');
    now -= 600_000;
    other.touch('k1');
    await other.flush();
    assert.is((await a.lastUsed(['k1'])).get('k1'), '2026-11-25T10:02:00.000Z', 'an older note never wins');
    await a.flush();
    assert.is(writes.length, 2, 'nothing noted, nothing written');
  } finally {
    await a.close();
    await other.close();
    await store.cleanup();
  }
});

test.run();
