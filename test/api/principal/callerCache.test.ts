/**
 * The in-process cache of API keys and workspaces: hits need no read; an append to the key's or
 * the workspace's stream evicts at once; until a catch-up that started after the notice has
 * finished, loads read the views every time (they may lag); a load overtaken by a notice is
 * not cached.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Subject } from 'rxjs';
import { createCallerCache } from '../../../api/principal/callerCache.js';
import type { AppendNotice } from '../../../infrastructure/eventStore/eventStore.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';

function fixture() {
  const docs = {
    key: {
      id: 'k1',
      workspaceId: 'w1',
      keyHash: 'h1',
      prefix: 'p',
      role: 'admin',
      scopes: ['read'],
      revoked: false,
      createdAt: '',
    },
    workspace: { id: 'w1', plan: 'pro' } as Record<string, unknown>,
  };
  let reads = 0;
  let gate: Promise<void> | null = null;
  const views = {
    async find() {
      reads++;
      if (gate !== null) await gate;
      return [structuredClone(docs.key)];
    },
    async get() {
      return structuredClone(docs.workspace);
    },
    async count() {
      return 0;
    },
  } as unknown as ReadStoreReader;
  const streams = new Subject<AppendNotice>();
  const drained = new Subject<number>();
  const catchUps = { drained$: drained, drainsStarted: 0 };
  const cache = createCallerCache({ views, appendedStreams$: streams, catchUps });
  return {
    docs,
    views,
    streams,
    drained,
    catchUps,
    cache,
    reads: () => reads,
    hold() {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

test('a hit needs no read; unrelated streams and events (a chatbot slot) change nothing', async () => {
  const f = fixture();
  await f.cache.lookup('h1');
  await f.cache.lookup('h1');
  f.streams.next({ streamId: 'chatbot-x', types: ['ChatbotCreated'] });
  f.streams.next({ streamId: 'workspace-w1', types: ['ChatbotSlotTaken'] });
  assert.is((await f.cache.lookup('h1'))?.workspace.plan, 'pro');
  assert.is(f.reads(), 1);
});

test("a revocation (the key's stream) evicts; loads read through until a later catch-up has finished", async () => {
  const f = fixture();
  await f.cache.lookup('h1');
  f.catchUps.drainsStarted = 4; // a catch-up (number 4) is under way when the notice arrives
  f.streams.next({ streamId: 'apikey-k1', types: ['ApiKeyRevoked'] });
  f.docs.key.revoked = true;
  assert.is((await f.cache.lookup('h1'))?.key.revoked, true);
  await f.cache.lookup('h1');
  assert.is(f.reads(), 3, 'pending: read through');
  f.drained.next(4);
  await f.cache.lookup('h1');
  assert.is(f.reads(), 4, 'the catch-up under way at the notice does not count');
  f.drained.next(5);
  await f.cache.lookup('h1');
  await f.cache.lookup('h1');
  assert.is(f.reads(), 5, 'cached again after the next one');
});

test("a plan change (the workspace's stream) evicts every key of that workspace", async () => {
  const f = fixture();
  await f.cache.lookup('h1');
  f.docs.workspace.plan = 'free';
  f.streams.next({ streamId: 'workspace-w1', types: ['WorkspacePlanChanged'] });
  assert.is((await f.cache.lookup('h1'))?.workspace.plan, 'free');
});

test('a load that a notice overtakes is not cached', async () => {
  const f = fixture();
  const open = f.hold();
  const loading = f.cache.lookup('h1');
  f.streams.next({ streamId: 'apikey-k1', types: ['ApiKeyRevoked'] });
  f.drained.next(1);
  open();
  await loading;
  await f.cache.lookup('h1');
  assert.is(f.reads(), 2);
});

test("'*' (a store that cannot name streams) evicts everything", async () => {
  const f = fixture();
  await f.cache.lookup('h1');
  f.streams.next({ streamId: '*', types: null });
  f.drained.next(1);
  await f.cache.lookup('h1');
  assert.is(f.reads(), 2);
});

test.run();
