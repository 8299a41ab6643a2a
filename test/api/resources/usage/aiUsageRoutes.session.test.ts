/**
 * GET /usage/ai behind the dashboard's session (docs/ai-agents.md, Budgets): members and admins
 * read the same numbers as the External API, their own workspace's only; Free shows no tokens.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { monthlyAiTokens } from '../../../../domain/plans.js';
import { hostRequest } from '../../../support/signIn.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../support/openAiStandIn.js';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../../dashboard/dashboardHarness.js';
import { memberOf } from '../../dashboard/dashboardFixtures.js';

const EXT = '/api/v1/external/v1';
const PATH = `${DASH}/usage/ai`;

let app: TestApp;
let standIn: OpenAiStandIn;
let owner: SignedInWorkspace;

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startSignInApp({ LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await createSignedInWorkspace(app, 'business');
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test("members and admins read the month's AI tokens, the same numbers the External API answers", async () => {
  const ext = (method: string, path: string, body?: unknown) =>
    app.api(method, EXT + path, { apiKey: owner.apiKey, body });
  const connection = await ext('POST', '/model-connections', {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  const botId = (await ext('POST', '/chatbots', { name: 'Bot' })).body.data.id;
  await ext('PUT', `/chatbots/${botId}/agent`, {
    name: 'Ava',
    instructions: 'Help.',
    connectionId: connection.body.data.id,
  });
  const s = await app.api('POST', `/api/v1/chat/${botId}/sessions`, { body: {} });
  standIn.script({ kind: 'text', text: 'Hello.', usage: { promptTokens: 321, completionTokens: 4 } });
  const said = await app.api('POST', `/api/v1/chat/${botId}/sessions/${s.body.sessionId}/messages`, {
    body: { message: 'Hi' },
  });
  assert.is(said.status, 200, JSON.stringify(said.body));

  const limit = monthlyAiTokens('business')!;
  const expected = {
    month: new Date().toISOString().slice(0, 7),
    tokensUsed: 325,
    tokenLimit: limit,
    remaining: limit - 325,
  };
  const admin = await as(app, owner)('GET', PATH);
  assert.is(admin.status, 200, admin.text);
  assert.equal(admin.body, { data: expected });
  const member = await memberOf(app, owner);
  const byMember = await hostRequest(app, 'GET', PATH, { origin: member.origin, cookie: member.cookie });
  assert.is(byMember.status, 200, byMember.text);
  assert.equal(byMember.body, { data: expected });
  assert.equal((await ext('GET', '/usage/ai')).body, { data: expected });
});

test('another workspace sees its own month; Free shows no tokens; no session is a 401', async () => {
  const free = await createSignedInWorkspace(app, 'free');
  const r = await as(app, free)('GET', PATH);
  assert.is(r.status, 200, r.text);
  assert.equal(r.body.data, {
    month: new Date().toISOString().slice(0, 7),
    tokensUsed: 0,
    tokenLimit: 0,
    remaining: 0,
  });
  const anonymous = await as(app, owner)('GET', PATH, undefined, { cookie: false });
  assert.is(anonymous.status, 401, anonymous.text);
});

test.run();
