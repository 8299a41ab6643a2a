/**
 * The dashboard's model connection endpoints over real HTTP with real sessions: the External
 * API's rules behind the session, admins only, the platform default listed without its key.
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

const PATH = `${DASH}/model-connections`;
const PLATFORM_KEY = 'sk-platform-never-shown';

let app: TestApp;
let standIn: OpenAiStandIn;
let owner: SignedInWorkspace;
let other: SignedInWorkspace;
let member: Session;
let call: ReturnType<typeof as>;

const asSession = (who: Session) => (method: string, path: string, body?: unknown) =>
  hostRequest(app, method, path, { origin: who.origin, cookie: who.cookie, csrfToken: who.csrfToken, body });
const valid = (over: Record<string, unknown> = {}) => ({
  name: `Stand-in ${Math.random().toString(36).slice(2, 8)}`,
  baseUrl: standIn.baseUrl,
  apiKey: standIn.apiKey,
  chatModel: 'gpt-4o-mini',
  ...over,
});

test.before(async () => {
  standIn = await startOpenAiStandIn();
  app = await startSignInApp({
    LLM_ALLOW_HOSTS: '127.0.0.1',
    OPENAI_API_KEY: PLATFORM_KEY,
    OPENAI_MODEL: 'gpt-4o-mini',
    OPENAI_BASE_URL: 'https://llm.example.com/v1/',
    MODEL_KEY_SECRET: 'ab'.repeat(32),
  });
  owner = await createSignedInWorkspace(app, 'pro');
  other = await createSignedInWorkspace(app, 'pro');
  member = await memberOf(app, owner);
  call = as(app, owner);
});
test.after(async () => {
  await app.close();
  await standIn.close();
});

test('an admin creates, lists, reads, tests, updates and deletes; the key and the platform key never show', async () => {
  const created = await call('POST', PATH, valid({ name: 'Team model' }));
  assert.is(created.status, 201, created.text);
  const id = created.body.data.id;
  assert.not.ok(created.text.includes(standIn.apiKey));

  const list = await call('GET', PATH);
  assert.is(list.status, 200, list.text);
  assert.equal(list.body.platform, { baseUrl: 'https://llm.example.com/v1', chatModel: 'gpt-4o-mini' });
  assert.equal(
    list.body.data.map((c: { name: string }) => c.name),
    ['Team model'],
  );
  assert.not.ok(list.text.includes(PLATFORM_KEY));
  assert.not.ok(list.text.includes(standIn.apiKey));

  assert.equal((await call('GET', `${PATH}/${id}`)).body.data, created.body.data);
  const tested = await call('POST', `${PATH}/${id}/test`);
  assert.is(tested.status, 200, tested.text);
  assert.equal(tested.body, { data: { ok: true } });

  const patched = await call('PATCH', `${PATH}/${id}`, { name: 'Renamed', apiKey: 'sk-replaced' });
  assert.is(patched.status, 200, patched.text);
  assert.is(patched.body.data.name, 'Renamed');
  assert.equal((await call('POST', `${PATH}/${id}/test`)).body, {
    data: { ok: false, error: 'The provider refused the API key (401)' },
  });

  const deleted = await call('DELETE', `${PATH}/${id}`);
  assert.is(deleted.status, 200, deleted.text);
  assert.is((await call('GET', `${PATH}/${id}`)).status, 404);
});

test('a member is refused every route with INSUFFICIENT_ROLE', async () => {
  const c = (await call('POST', PATH, valid())).body.data;
  const speak = asSession(member);
  for (const [method, path, body] of [
    ['GET', PATH],
    ['POST', PATH, valid()],
    ['GET', `${PATH}/${c.id}`],
    ['PATCH', `${PATH}/${c.id}`, { name: 'x' }],
    ['DELETE', `${PATH}/${c.id}`],
    ['POST', `${PATH}/${c.id}/test`],
  ] as const) {
    const r = await speak(method, path, body);
    assert.is(r.status, 403, `${method} ${path}: ${r.text}`);
    assert.is(r.body.code, 'INSUFFICIENT_ROLE');
  }
});

test('bad fields are 400 naming the field; a duplicate name is 409; another workspace is 404', async () => {
  for (const [over, field] of [
    [{ name: 'n'.repeat(101) }, 'name'],
    [{ baseUrl: 'http://llm.example.com/v1' }, 'baseUrl'],
    [{ apiKey: '' }, 'apiKey'],
    [{ chatModel: 'two words' }, 'chatModel'],
    [{ embeddingModel: '' }, 'embeddingModel'],
  ] as const) {
    const r = await call('POST', PATH, valid(over));
    assert.is(r.status, 400, `${field}: ${r.text}`);
    assert.ok(String(r.body.error).startsWith(field), r.body.error);
  }
  const c = (await call('POST', PATH, valid({ name: 'Only once' }))).body.data;
  assert.is((await call('POST', PATH, valid({ name: 'ONLY ONCE' }))).status, 409);
  const stranger = as(app, other);
  assert.is((await stranger('GET', `${PATH}/${c.id}`)).status, 404);
  assert.is((await stranger('POST', `${PATH}/${c.id}/test`)).status, 404);
  assert.is((await stranger('DELETE', `${PATH}/${c.id}`)).status, 404);
});

test.run();
