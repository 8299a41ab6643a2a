/**
 * What a key may do (README "Roles and scopes"): GET needs `read`, every other method `write`
 * (which includes read), the email change also `account:write`; member and admin keys may call
 * every External API operation their scopes allow. Operations come from the OpenAPI document,
 * so a new route is covered without being listed here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { generateApiKey } from '../../../commands/apiKeySecret.js';
import { apiKeyDecider } from '../../../domain/apiKey/apiKey.js';
import { API_KEYS } from '../../../projections/views/apiKeysView.js';
import { runCliCommand } from '../../../cli/cliCommands.js';
import { monthOf } from '../../../infrastructure/usage/usageCounter.js';

const BASE = '/api/v1/external/v1';
const HOOK_URL = 'https://127.0.0.1:9/hooks';
let app: TestApp;
let workspaceId: string;
let adminKey: string;
let chatbotId: string;
let webhookId: string;
let modelConnectionId: string;
let knowledgeSourceId: string;
let evaluationQuestionId: string;
let evaluationRunId: string;
let n = 0;

interface Operation {
  method: string;
  path: string;
  summary: string;
}

/** Every External API operation of the OpenAPI document, with its path filled in. */
async function operations(): Promise<Operation[]> {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  return Object.entries(doc.paths)
    .filter(([p]) => p.startsWith(BASE))
    .flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path: p
          .slice(BASE.length)
          .replace(
            '{id}',
            p.startsWith(`${BASE}/webhooks`)
              ? webhookId
              : p.startsWith(`${BASE}/model-connections`)
                ? modelConnectionId
                : p.startsWith(`${BASE}/knowledge/sources`)
                  ? knowledgeSourceId
                  : p.startsWith(`${BASE}/knowledge/evaluation/runs`)
                    ? evaluationRunId
                    : p.startsWith(`${BASE}/knowledge/evaluation/questions`)
                      ? evaluationQuestionId
                      : chatbotId,
          )
          .replace('{responseId}', 'no-such-response')
          // Every chatbot has version 1 (its flow at creation); a diff compares it with itself.
          .replace('{version}', '1')
          .replace(/\/diff$/, '/diff?against=1'),
        summary: op.summary,
      })),
    );
}

const call = (method: string, path: string, apiKey: string, body?: unknown) =>
  app.api(method, BASE + path, { apiKey, body: body ?? (method === 'GET' ? undefined : {}) });

async function key(role: 'admin' | 'member', scopes?: unknown): Promise<string> {
  return (await app.services.workspaces.createApiKey({ workspaceId, role, scopes }, operatorContext(workspaceId)))
    .apiKey;
}

/** A key stored before the base scopes were: its event names neither read nor write. */
async function legacyKey(scopes: Array<'account:write'>): Promise<string> {
  const secret = generateApiKey();
  const keyId = `legacy-${++n}`;
  await app.services.aggregates.handle(
    `apikey-${keyId}`,
    apiKeyDecider,
    {
      type: 'CreateApiKey',
      keyId,
      workspaceId,
      keyHash: secret.hash,
      prefix: secret.prefix,
      role: 'member',
      scopes: scopes as never,
    },
    { ...operatorContext(workspaceId), workspaceId },
  );
  return secret.key;
}

async function storedScopes(argv: string[]): Promise<string[]> {
  const out = await runCliCommand(app.services, ['apikey', 'create', '--workspace', workspaceId, ...argv]);
  const id = (out as { json: { id: string } }).json.id;
  return (await app.services.views.get(API_KEYS, id))!.scopes;
}

function assertRefused(r: { status: number; body: any }, scope: string, what: string) {
  assert.is(r.status, 403, `${what}: ${JSON.stringify(r.body)}`);
  assert.equal(r.body, { error: `This API key lacks the ${scope} scope`, code: 'INSUFFICIENT_SCOPE' }, what);
}

test.before(async () => {
  app = await startTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  ({ workspaceId, apiKey: adminKey } = await app.createWorkspace('pro'));
  chatbotId = (await call('POST', '/chatbots', adminKey, { name: 'Scoped' })).body.data.id;
  webhookId = (
    await call('POST', '/webhooks', adminKey, { chatbotId, url: `${HOOK_URL}/base`, events: ['response.created'] })
  ).body.data.id;
  modelConnectionId = (
    await call('POST', '/model-connections', adminKey, {
      name: 'Scoped',
      baseUrl: 'https://llm.invalid/v1',
      apiKey: 'sk-scoped',
      chatModel: 'gpt-4o-mini',
    })
  ).body.data.id;
  knowledgeSourceId = (
    await call('POST', '/knowledge/sources', adminKey, { type: 'text', title: 'Scoped', text: 'Scoped text.' })
  ).body.data.id;
  evaluationQuestionId = (
    await call('POST', '/knowledge/evaluation/questions', adminKey, {
      question: 'Scoped?',
      expectedSourceIds: [knowledgeSourceId],
    })
  ).body.data.id;
  evaluationRunId = (await call('POST', '/knowledge/evaluation/runs', adminKey, {})).body.data.id;
  // The chatbot is an AI agent, so reading its agent is a 200 like every other read.
  const agent = await call('PUT', `/chatbots/${chatbotId}/agent`, adminKey, {
    name: 'Scoped agent',
    instructions: 'Answer briefly.',
    connectionId: modelConnectionId,
  });
  assert.is(agent.status, 200, JSON.stringify(agent.body));
});

test('a read-only key may GET every operation', async () => {
  const reader = await key('member', 'read');
  const reads = (await operations()).filter((o) => o.method === 'GET');
  assert.ok(reads.length >= 8, `${reads.length} GET operations`);
  assert.ok(
    reads.some((o) => o.path === '/usage/ai'),
    'AI usage is read with the read scope',
  );
  for (const o of reads) {
    const r = await call('GET', o.path, reader);
    assert.is(r.status, o.path.includes('no-such-response') ? 404 : 200, `${o.path}: ${JSON.stringify(r.body)}`);
  }
});

test('a read-only key gets 403 INSUFFICIENT_SCOPE on every write, changes nothing and is not billed', async () => {
  const reader = await key('member', 'read');
  const writes = (await operations()).filter((o) => o.method !== 'GET');
  assert.ok(writes.length >= 11, `${writes.length} write operations`);
  const month = monthOf(new Date());
  const before = await app.services.usage.get(workspaceId, month);
  for (const o of writes)
    assertRefused(
      await call(o.method, o.path, reader, {
        name: 'x',
        chatbotId,
        url: `${HOOK_URL}/x`,
        events: ['response.created'],
      }),
      'write',
      `${o.method} ${o.path}`,
    );
  // Usage is given back when a refused answer finishes: let those releases land.
  const deadline = Date.now() + 3000;
  while ((await app.services.usage.get(workspaceId, month)) !== before && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  assert.is(await app.services.usage.get(workspaceId, month), before, 'the 403s were not counted');
  const list = await call('GET', '/chatbots', adminKey);
  assert.equal(
    list.body.data.map((c: { id: string }) => c.id),
    [chatbotId],
    'nothing was created or deleted',
  );
});

test('a member key (no --scopes) manages chatbots, webhooks and the profile; the email change needs account:write', async () => {
  const member = await key('member');
  const bot = await call('POST', '/chatbots', member, { name: 'By member' });
  assert.is(bot.status, 201);
  assert.is((await call('PUT', `/chatbots/${bot.body.data.id}`, member, { name: 'Renamed' })).status, 200);
  const hook = await call('POST', '/webhooks', member, {
    chatbotId: bot.body.data.id,
    url: `${HOOK_URL}/member`,
    events: ['response.created'],
  });
  assert.is(hook.status, 201, JSON.stringify(hook.body));
  assert.is((await call('PATCH', `/webhooks/${hook.body.data.id}`, member, { status: 'paused' })).status, 200);
  assert.is((await call('DELETE', `/webhooks/${hook.body.data.id}`, member)).status, 200);
  assert.is((await call('PATCH', '/account', member, { timezone: 'Europe/Berlin' })).status, 200);
  assertRefused(
    await call('POST', '/account/email/request-change', member, { newEmail: 'm@example.org' }),
    'account:write',
    'request-change',
  );
  assert.is((await call('DELETE', `/chatbots/${bot.body.data.id}`, member)).status, 200);
});

test('an admin key with every scope does everything, the email change included', async () => {
  const bot = await call('POST', '/chatbots/' + chatbotId + '/duplicate', adminKey);
  assert.is(bot.status, 201);
  const hook = await call('POST', '/webhooks', adminKey, {
    chatbotId: bot.body.data.id,
    url: `${HOOK_URL}/admin`,
    events: ['response.created'],
  });
  assert.is(hook.status, 201);
  assert.is((await call('PATCH', '/account', adminKey, { timezone: 'UTC' })).status, 200);
  const step1 = await call('POST', '/account/email/request-change', adminKey, { newEmail: 'admin-moves@example.org' });
  assert.is(step1.status, 200, JSON.stringify(step1.body));
  assert.is((await call('DELETE', `/chatbots/${bot.body.data.id}`, adminKey)).status, 200);
});

test('write includes read; a write key without account:write cannot start the email change', async () => {
  const writer = await key('member', 'write');
  assert.is((await call('GET', '/chatbots', writer)).status, 200);
  const bot = await call('POST', '/chatbots', writer, { name: 'Write only' });
  assert.is(bot.status, 201);
  assert.is((await call('DELETE', `/chatbots/${bot.body.data.id}`, writer)).status, 200);
  const emailOnly = await key('member', 'read,account:write');
  assertRefused(
    await call('POST', '/account/email/request-change', emailOnly, { newEmail: 'r@example.org' }),
    'write',
    'account:write needs write too',
  );
});

test('keys stored before the base scopes were (neither read nor write) keep read and write', async () => {
  for (const scopes of [[], ['account:write']] as Array<Array<'account:write'>>) {
    const old = await legacyKey(scopes);
    assert.is((await call('GET', '/chatbots', old)).status, 200, `GET with ${JSON.stringify(scopes)}`);
    const bot = await call('POST', '/chatbots', old, { name: 'Legacy' });
    assert.is(bot.status, 201, `POST with ${JSON.stringify(scopes)}`);
    await call('DELETE', `/chatbots/${bot.body.data.id}`, old);
  }
});

test('apikey create stores the scopes it grants: --scopes read is read only; no read/write named means both', async () => {
  assert.equal(await storedScopes(['--scopes', 'read']), ['read']);
  assert.equal(await storedScopes([]), ['read', 'write']);
  assert.equal(await storedScopes(['--scopes', 'account:write']), ['read', 'write', 'account:write']);
  assert.equal(await storedScopes(['--scopes', 'write,read']), ['read', 'write']);
});

test('the OpenAPI document names the scopes each operation needs', async () => {
  for (const o of await operations()) {
    const expected = o.path.startsWith('/account/email/')
      ? 'API key scopes: write, account:write'
      : `API key scope: ${o.method === 'GET' ? 'read' : 'write'}`;
    assert.ok(o.summary.endsWith(`. ${expected}`), `${o.method} ${o.path}: "${o.summary}"`);
  }
});

test.after(async () => {
  await app.close();
});

test.run();
