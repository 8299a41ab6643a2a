/**
 * Dashboard chatbots API: session required, CSRF on writes, tenant isolation (another
 * workspace's chatbot is 404), flow validation and the plan cap as 4xx, and the lifecycle.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { operatorContext } from '../../../../commands/commandContext.js';
import { signIn } from '../../../support/signIn.js';
import { linkIn, waitForMailTo } from '../../../support/signInMail.js';
import {
  as,
  createSignedInWorkspace,
  DASH,
  startSignInApp,
  type SignedInWorkspace,
  type TestApp,
} from '../../dashboard/dashboardHarness.js';

let app: TestApp;
let acme: SignedInWorkspace;
let other: SignedInWorkspace;

test.before(async () => {
  app = await startSignInApp();
  acme = await createSignedInWorkspace(app, 'starter');
  other = await createSignedInWorkspace(app, 'pro');
});
test.after(async () => {
  await app?.close();
});

test('every chatbot route needs a session: 401 NOT_SIGNED_IN', async () => {
  const call = as(app, acme);
  for (const [method, path] of [
    ['GET', '/chatbots'],
    ['GET', '/chatbots/x'],
    ['POST', '/chatbots'],
    ['PUT', '/chatbots/x'],
    ['DELETE', '/chatbots/x'],
    ['POST', '/chatbots/x/duplicate'],
    ['GET', '/overview'],
    ['GET', '/responses'],
    ['GET', '/analytics'],
  ]) {
    const r = await call(method!, DASH + path!, method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined, {
      cookie: false,
    });
    assert.is(r.status, 401, `${method} ${path}`);
    assert.is(r.body.code, 'NOT_SIGNED_IN');
  }
});

test('writes need the CSRF token and a same-origin Origin: 403 CSRF', async () => {
  const call = as(app, acme);
  const noToken = await call('POST', `${DASH}/chatbots`, { name: 'Nope' }, { csrf: false });
  assert.is(noToken.status, 403);
  assert.is(noToken.body.code, 'CSRF');
  const crossSite = await call('POST', `${DASH}/chatbots`, { name: 'Nope' }, { origin: 'https://evil.example' });
  assert.is(crossSite.status, 403);
  assert.is(crossSite.body.code, 'CSRF');
  const list = await call('GET', `${DASH}/chatbots`);
  assert.is(list.body.data.length, 0, 'nothing was created');
});

test('create, read with flow and embed, update, disable, duplicate, delete', async () => {
  const call = as(app, acme);
  const created = await call('POST', `${DASH}/chatbots`, { name: 'Support', description: 'Front page' });
  assert.is(created.status, 201);
  const id = created.body.data.id as string;
  assert.is(created.body.data.name, 'Support');
  assert.is(created.body.data.flow.steps.length, 4, 'the default flow');
  assert.match(created.body.embed.snippet, new RegExp(`ConfabWidget\\('${id}', 'bubble'\\)`));
  assert.match(created.body.embed.snippet, /<script src="http:\/\/localhost:\d+\/widget\.js"><\/script>/);

  const flow = {
    steps: [
      { type: 'question', text: 'Your name?', variable: 'name' },
      { type: 'handoff', text: 'Thanks {{name}}, a person will reply.' },
    ],
  };
  const updated = await call('PUT', `${DASH}/chatbots/${id}`, { name: 'Helpdesk', flow });
  assert.is(updated.status, 200);
  assert.is(updated.body.data.name, 'Helpdesk');
  assert.equal(updated.body.data.flow, flow);
  const read = await call('GET', `${DASH}/chatbots/${id}`);
  assert.equal(read.body.data.flow, flow);
  assert.is(read.body.data.description, 'Front page');

  const disabled = await call('PUT', `${DASH}/chatbots/${id}`, { disabled: true });
  assert.is(disabled.body.data.disabled, true);

  const copy = await call('POST', `${DASH}/chatbots/${id}/duplicate`);
  assert.is(copy.status, 201);
  assert.is(copy.body.data.name, 'Helpdesk (copy)');
  assert.equal(copy.body.data.flow, flow, 'the copy keeps the flow');

  const list = await call('GET', `${DASH}/chatbots`);
  assert.equal(
    list.body.data.map((c: { name: string }) => c.name),
    ['Helpdesk (copy)', 'Helpdesk'],
  );
  assert.equal(list.body.cap, { used: 2, limit: 5 });

  const deleted = await call('DELETE', `${DASH}/chatbots/${copy.body.data.id}`);
  assert.is(deleted.status, 200);
  assert.is((await call('GET', `${DASH}/chatbots/${copy.body.data.id}`)).status, 404);
});

test("another workspace's chatbot is 404 on every route, and stays untouched", async () => {
  const theirs = await as(app, other)('POST', `${DASH}/chatbots`, { name: 'Theirs' });
  const id = theirs.body.data.id as string;
  const call = as(app, acme);
  for (const [method, path, body] of [
    ['GET', `/chatbots/${id}`],
    ['PUT', `/chatbots/${id}`, { name: 'Mine now' }],
    ['POST', `/chatbots/${id}/duplicate`],
    ['DELETE', `/chatbots/${id}`],
    ['GET', `/analytics?chatbotId=${id}`],
    ['GET', `/responses?chatbotId=${id}`],
  ] as const) {
    const r = await call(method, DASH + path, body);
    assert.is(r.status, 404, `${method} ${path}`);
  }
  const still = await as(app, other)('GET', `${DASH}/chatbots/${id}`);
  assert.is(still.body.data.name, 'Theirs');
  const mine = await call('GET', `${DASH}/chatbots`);
  assert.not.ok(
    mine.body.data.some((c: { id: string }) => c.id === id),
    'not listed for another workspace',
  );
});

test('bad input is 400 naming the problem: name, unknown field, flow rules', async () => {
  const call = as(app, acme);
  const cases: [unknown, RegExp][] = [
    [{}, /name/],
    [{ name: 'x'.repeat(101) }, /name/],
    [{ name: 'A', colour: 'red' }, /colour|additional/],
    [{ name: 'A', flow: { steps: [] } }, /steps/],
    [{ name: 'A', flow: { steps: [{ type: 'question', text: 'Q?', variable: '1bad' }] } }, /variable/],
    [{ name: 'A', flow: { steps: [{ type: 'question', text: 'Q?', variable: 'constructor' }] } }, /reserved/],
    [{ name: 'A', flow: { steps: [{ type: 'message', text: '   ' }] } }, /text/],
    [{ name: 'A', flow: { steps: [{ type: 'song', text: 'la' }] } }, /type/],
  ];
  for (const [body, message] of cases) {
    const r = await call('POST', `${DASH}/chatbots`, body);
    assert.is(r.status, 400, JSON.stringify(body));
    assert.match(r.body.error, message);
  }
  const notJson = await call('POST', `${DASH}/chatbots`, '{"name":');
  assert.is(notJson.status, 400);
});

test('the plan cap refuses create and duplicate with 403 PLAN_LIMIT', async () => {
  const free = await createSignedInWorkspace(app, 'free');
  const call = as(app, free);
  const r = await call('POST', `${DASH}/chatbots`, { name: 'One' });
  assert.is(r.status, 403);
  assert.is(r.body.code, 'PLAN_LIMIT');
  const list = await call('GET', `${DASH}/chatbots`);
  assert.equal(list.body.cap, { used: 0, limit: 0 });
});

test("members manage chatbots too, but not the workspace's administration", async () => {
  // README: Dashboard → Roles. A new user joins Acme as a member through an invite.
  const email = `member-${Date.now()}@example.com`;
  await app.services.members.invite(
    { email, role: 'member', inviterName: 'Owner' },
    { ...operatorContext(acme.workspaceId), workspaceId: acme.workspaceId },
  );
  const token = linkIn(await waitForMailTo(app, email), '/invite').searchParams.get('token')!;
  await app.services.members.accept({ token, name: 'Mia Member', password: 'member-password-1' }, operatorContext());
  const session = await signIn(app, { email, password: 'member-password-1' });
  const member = { ...acme, ...session };
  const call = as(app, member);
  const created = await call('POST', `${DASH}/chatbots`, { name: 'Made by a member' });
  assert.is(created.status, 201);
  const id = created.body.data.id as string;
  assert.is((await call('PUT', `${DASH}/chatbots/${id}`, { disabled: true })).status, 200);
  assert.is((await call('DELETE', `${DASH}/chatbots/${id}`)).status, 200);
  assert.is((await call('GET', `${DASH}/overview`)).status, 200);
  const invite = await call('POST', `${DASH}/invites`, { email: 'x@example.com', role: 'member' });
  assert.is(invite.status, 403);
  assert.is(invite.body.code, 'INSUFFICIENT_ROLE');
});

test.run();
