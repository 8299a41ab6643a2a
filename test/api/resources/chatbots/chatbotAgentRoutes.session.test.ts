/**
 * A chatbot's agent on the dashboard over real HTTP with real sessions: the External API's
 * rules behind the session; members may change it as they may change the chatbot.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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
import { memberOf, type Session } from '../../dashboard/dashboardFixtures.js';

let app: TestApp;
let standIn: OpenAiStandIn;
let owner: SignedInWorkspace;
let other: SignedInWorkspace;
let member: Session;
let call: ReturnType<typeof as>;
let connectionId: string;
let chatbotId: string;

const asMember = (method: string, path: string, body?: unknown) =>
  hostRequest(app, method, path, { origin: member.origin, cookie: member.cookie, csrfToken: member.csrfToken, body });

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startSignInApp({ LLM_ALLOW_HOSTS: '127.0.0.1', MODEL_KEY_SECRET: 'ab'.repeat(32) });
  owner = await createSignedInWorkspace(app, 'pro');
  other = await createSignedInWorkspace(app, 'pro');
  member = await memberOf(app, owner);
  call = as(app, owner);
  const connection = await call('POST', `${DASH}/model-connections`, {
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  assert.is(connection.status, 201, connection.text);
  connectionId = connection.body.data.id;
  const bot = await call('POST', `${DASH}/chatbots`, { name: 'Helpdesk' });
  assert.is(bot.status, 201, bot.text);
  chatbotId = bot.body.data.id;
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('a member sets, reads and removes the agent; bad fields are 400s naming them', async () => {
  const path = `${DASH}/chatbots/${chatbotId}/agent`;
  const body = { name: 'Ava', instructions: 'Be kind.', connectionId, temperature: 1 };
  const put = await asMember('PUT', path, body);
  assert.is(put.status, 200, put.text);
  assert.is(put.body.data.temperature, 1);
  assert.equal((await call('GET', path)).body.data, put.body.data);

  const bad = await asMember('PUT', path, { ...body, maxOutputTokens: 9000 });
  assert.is(bad.status, 400, bad.text);
  assert.match(bad.body.error, /maxOutputTokens/);

  assert.is((await asMember('DELETE', path)).status, 200);
  // The dashboard's Agent tab reads a flow bot as having no agent, not as an error.
  const none = await call('GET', path);
  assert.is(none.status, 200, none.text);
  assert.is(none.body.data, null);
});

test("another workspace's session sees no such chatbot", async () => {
  const r = await as(app, other)('GET', `${DASH}/chatbots/${chatbotId}/agent`);
  assert.is(r.status, 404, r.text);
});

test.run();
