/**
 * Plan slots and reservations never leak: a create whose second append fails gives back what
 * it took at once, and one whose process died between the appends (simulated by failing every
 * later append, the release included) is given back by the claim reconciler. A chatbot and its
 * slot go in one append where the store has appendAll (PostgreSQL), so there is nothing between
 * them to die in; on a store without it (EventStoreDB) they are two appends like the others.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../infrastructure/config.js';
import { createLogger } from '../../../infrastructure/logger.js';
import { createServices, type Services } from '../../../app/compositionRoot.js';
import { claimReconcilerDeps } from '../../../app/backgroundWorkers.js';
import { reconcileClaims } from '../../../dispatchers/claims/claimReconciler.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { workspaceDecider } from '../../../domain/workspace/workspace.js';
import { PENDING_CLAIMS } from '../../../projections/views/pendingClaimsView.js';
import type { NewEvent } from '../../../infrastructure/eventStore/eventStore.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';

let store: TestSql;
let services: Services;
let workspaceId: string;
let ctx: ReturnType<typeof operatorContext> & { workspaceId: string };

/**
 * Makes appends that match fail, as a dying process or a broken store would (an appendAll
 * when any of its streams matches). `withoutAppendAll`: as a store that has none.
 */
function failAppends(
  match: (streamId: string, events: NewEvent[]) => boolean,
  opts: { withoutAppendAll?: boolean } = {},
): () => void {
  const original = services.events.append.bind(services.events);
  const originalAll = services.events.appendAll;
  const fail = (streamId: string, events: NewEvent[]) => {
    if (match(streamId, events)) throw new Error(`injected failure appending to ${streamId}`);
  };
  services.events.append = async (streamId, events, o) => {
    fail(streamId, events);
    return original(streamId, events, o);
  };
  services.events.appendAll =
    opts.withoutAppendAll || !originalAll
      ? undefined
      : async (appends) => {
          for (const a of appends) fail(a.streamId, a.events);
          return originalAll.call(services.events, appends);
        };
  return () => {
    services.events.append = original;
    services.events.appendAll = originalAll;
  };
}

const slots = async () => (await services.aggregates.load(`workspace-${workspaceId}`, workspaceDecider)).state;
const claims = () => services.views.find(PENDING_CLAIMS, {});

test.before(async () => {
  store = await createTestSql();
  services = await createServices(loadConfig({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', LOG_LEVEL: 'error' }), {
    sql: store.sql,
    logger: createLogger('error'),
  });
  ({ workspaceId } = await services.workspaces.createWorkspace(
    { name: 'Leaks', plan: 'starter', ownerEmail: `leaks-${Date.now()}@example.com` },
    operatorContext(),
  ));
  ctx = { ...operatorContext(workspaceId), workspaceId };
});
test.after(async () => {
  await services.close();
  await store.cleanup();
});

test('a chatbot whose own append fails gives its plan slot back at once (two appends: a store without appendAll)', async () => {
  const restore = failAppends((s) => s.startsWith('chatbot-'), { withoutAppendAll: true });
  try {
    await services.chatbots.create({ name: 'Doomed' }, ctx).then(
      () => assert.unreachable('should fail'),
      (err: Error) => assert.match(err.message, /injected/),
    );
  } finally {
    restore();
  }
  assert.equal((await slots()).chatbots, []);
  assert.equal(await claims(), []);
});

for (const withoutAppendAll of [true, false]) {
  test(`a webhook whose own append fails gives back its URL and its slot at once (${withoutAppendAll ? 'three appends' : 'one append'})`, async () => {
    const { chatbotId } = await services.chatbots.create({ name: 'Hooked' }, ctx);
    const body = { chatbotId, url: 'https://127.0.0.1:9/hook', events: ['response.created'] };
    const restore = failAppends((s) => s.startsWith('webhook-'), { withoutAppendAll });
    try {
      await services.webhooks.create(body, ctx).then(
        () => assert.unreachable('should fail'),
        (err: Error) => assert.match(err.message, /injected/),
      );
    } finally {
      restore();
    }
    assert.equal((await slots()).webhooks, []);
    await services.projections.catchUp();
    assert.equal(await claims(), [], 'nothing is left for the reconciler');
    const again = await services.webhooks.create(body, ctx);
    assert.type(again.webhookId, 'string');
    await services.webhooks.delete(again.webhookId, ctx);
    await services.chatbots.delete(chatbotId, ctx);
  });
}

test('a webhook, its plan slot and its URL are one append where the store has appendAll', async () => {
  if (!services.events.appendAll) return;
  const { chatbotId } = await services.chatbots.create({ name: 'Together' }, ctx);
  const { webhookId } = await services.webhooks.create(
    { chatbotId, url: 'https://127.0.0.1:9/together', events: ['response.created'] },
    ctx,
  );
  const last = async (streamId: string) => (await services.events.readStream(streamId)).at(-1)!;
  const created = await last(`webhook-${webhookId}`);
  const slot = await last(`workspace-${workspaceId}`);
  assert.is(created.type, 'WebhookCreated');
  assert.is(slot.type, 'WebhookSlotTaken');
  assert.is(slot.position.commit, created.position.commit, 'the slot was written in the same transaction');
  const together = (await services.events.readAll({ after: null, limit: 10_000 }))
    .filter((e) => e.position.commit === created.position.commit)
    .map((e) => e.type)
    .sort();
  assert.equal(together, ['NameReserved', 'WebhookCreated', 'WebhookSlotTaken']);
  await services.webhooks.delete(webhookId, ctx);
  await services.chatbots.delete(chatbotId, ctx);
});

test('a chatbot whose one append with its slot fails leaves neither behind', async () => {
  if (!services.events.appendAll) return;
  const before = (await services.events.readStream(`workspace-${workspaceId}`)).length;
  const restore = failAppends((s) => s.startsWith('chatbot-'));
  try {
    await services.chatbots.create({ name: 'Doomed' }, ctx).then(
      () => assert.unreachable('should fail'),
      (err: Error) => assert.match(err.message, /injected/),
    );
  } finally {
    restore();
  }
  await services.projections.catchUp();
  assert.equal((await slots()).chatbots, []);
  assert.equal(await claims(), [], 'nothing was taken, so nothing waits for the reconciler');
  assert.is((await services.events.readStream(`workspace-${workspaceId}`)).length, before, 'no slot event was written');
});

test('a process that died between the appends: the reconciler releases slot and URL, not before the grace period', async () => {
  const { chatbotId } = await services.chatbots.create({ name: 'Crashy' }, ctx);
  const body = { chatbotId, url: 'https://127.0.0.1:9/crash', events: ['response.created'] };
  // After the claims are taken, nothing more reaches the store: neither the resource nor the releases.
  const isRelease = (events: NewEvent[]) => events.some((e) => /Released$/.test(e.type));
  const restore = failAppends(
    (s, events) =>
      s.startsWith('webhook-') ||
      (s.startsWith('chatbot-') && events[0].type === 'ChatbotCreated') ||
      isRelease(events),
    { withoutAppendAll: true },
  );
  try {
    await services.webhooks.create(body, ctx).catch(() => undefined);
    await services.chatbots.create({ name: 'Lost' }, ctx).catch(() => undefined);
  } finally {
    restore();
  }
  await services.projections.catchUp();
  const held = await slots();
  assert.is(held.webhooks.length, 1, 'the webhook slot leaked');
  assert.is(held.chatbots.length, 2, 'one chatbot slot leaked (besides the live chatbot)');
  assert.equal((await claims()).map((c) => c.kind).sort(), ['chatbotSlot', 'webhookSlot', 'webhookUrl']);
  await services.webhooks.create(body, ctx).then(
    () => assert.unreachable('the URL is still reserved'),
    (err: Error) => assert.match(err.message, /already exists/),
  );

  const deps = claimReconcilerDeps(services);
  assert.is(await reconcileClaims(deps, 60_000), 0, 'claims younger than the grace period are left alone');
  assert.is(await reconcileClaims(deps, 0), 3);
  await services.projections.catchUp();
  assert.equal((await slots()).chatbots, [chatbotId]);
  assert.equal((await slots()).webhooks, []);
  assert.equal(await claims(), []);
  assert.type((await services.webhooks.create(body, ctx)).webhookId, 'string');
  assert.is(await reconcileClaims(deps, 0), 0, 'a created resource is never released');
});

test('an owner whose registration never landed frees the email for a new workspace', async () => {
  const email = `half-${Date.now()}@example.com`;
  const restore = failAppends((s) => s.startsWith('user-'));
  try {
    await services.workspaces
      .createWorkspace({ name: 'Half', plan: 'pro', ownerEmail: email }, operatorContext())
      .catch(() => undefined);
  } finally {
    restore();
  }
  await services.workspaces.createWorkspace({ name: 'Again', plan: 'pro', ownerEmail: email }, operatorContext()).then(
    () => assert.unreachable('the email is still reserved'),
    (err: Error) => assert.match(err.message, /already exists/),
  );
  assert.is(await reconcileClaims(claimReconcilerDeps(services), 0), 1);
  const created = await services.workspaces.createWorkspace(
    { name: 'Again', plan: 'pro', ownerEmail: email },
    operatorContext(),
  );
  assert.type(created.workspaceId, 'string');
});

test.run();
