/**
 * Black box, first steps: what a new user does after `npm start` (README "Set up and run"):
 * health, the OpenAPI document, the widget bundle, a workspace from the CLI and a first chatbot
 * over HTTP, plus the operator CLI's output rules (docs/cli.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ISO_UTC, sortedKeys, startBlackbox, type Blackbox } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

let bb: Blackbox;

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
  }),
);
test.after(async () => {
  await bb?.close();
});

test('GET /healthz answers 200 {"status":"ok"}', async () => {
  const r = await bb.http('GET', '/healthz');
  assert.is(r.status, 200);
  assert.equal(r.body, { status: 'ok' });
});

test('GET /api/v1/openapi.json is an OpenAPI 3.0 document of the HTTP endpoints', async () => {
  const r = await bb.http('GET', '/api/v1/openapi.json');
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /json/);
  assert.match(r.body.openapi, /^3\.0\./);
  const paths = Object.keys(r.body.paths);
  for (const p of [
    '/chatbots',
    '/chatbots/{id}',
    '/chatbots/{id}/duplicate',
    '/chatbots/{id}/responses',
    '/chatbots/{id}/analytics',
    '/webhooks',
    '/webhooks/{id}',
    '/account',
    '/account/email/request-change',
    '/account/email/verify-identity',
    '/account/email/confirm-change',
    '/usage',
  ]) {
    assert.ok(
      paths.some((x) => x.endsWith(`/external/v1${p}`)),
      `OpenAPI documents ${p}`,
    );
  }
  assert.ok(
    paths.some((x) => x.includes('/chat/')),
    'the visitor chat API is documented too',
  );
});

test('GET /widget.js serves the widget as JavaScript with the ConfabWidget global', async () => {
  const r = await bb.http('GET', '/widget.js');
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /javascript/);
  assert.ok(r.text.includes('ConfabWidget'));
});

test('README first steps: workspace from the CLI, then a chatbot with its key', async () => {
  const out = await bb.cli(
    'workspace',
    'create',
    '--name',
    'Acme',
    '--plan',
    'starter',
    '--owner-email',
    'owner@acme.test',
  );
  assert.is(out.code, 0, out.stderr);
  const lines = out.stdout.trim().split('\n');
  assert.is(lines.length, 1, 'exactly one JSON object on stdout');
  const ws = JSON.parse(lines[0]!);
  assert.equal(sortedKeys(ws), ['apiKey', 'dashboardUrl', 'ownerId', 'workspaceId']);
  for (const k of ['apiKey', 'ownerId', 'workspaceId']) assert.type(ws[k], 'string');
  assert.match(ws.dashboardUrl, /^https?:\/\/[^/]+\/dashboard$/);

  const r = await bb.api('POST', '/chatbots', {
    key: ws.apiKey,
    body: { name: 'Support bot', description: 'Answers questions' },
  });
  assert.ok([200, 201].includes(r.status), `create answers ${r.status}`);
  assert.equal(sortedKeys(r.body), ['data']);
  assert.equal(sortedKeys(r.body.data), ['createdAt', 'description', 'id', 'name']);
  assert.is(r.body.data.name, 'Support bot');
  assert.is(r.body.data.description, 'Answers questions');
  assert.match(r.body.data.createdAt, ISO_UTC);

  const list = await bb.api('GET', '/chatbots', { key: ws.apiKey });
  assert.is(list.status, 200);
  assert.equal(
    list.body.data.map((c: { id: string }) => c.id),
    [r.body.data.id],
  );

  const account = await bb.api('GET', '/account', { key: ws.apiKey });
  assert.is(account.body.data.email, 'owner@acme.test');
});

test('CLI errors: {"error"} on stderr, nothing on stdout, non-zero exit', async () => {
  const cases = [
    ['workspace', 'create', '--name', 'X', '--plan', 'gold', '--owner-email', 'x@example.com'],
    ['workspace', 'create', '--name', 'X', '--plan', 'starter'],
    ['workspace', 'set-plan', '--workspace', 'no-such-workspace', '--plan', 'pro'],
    ['apikey', 'revoke', '--id', 'no-such-key'],
    ['no-such', 'command'],
  ];
  const outs = await Promise.all(cases.map((args) => bb.cli(...args)));
  outs.forEach((out, i) => {
    assert.is.not(out.code, 0, cases[i]!.join(' '));
    assert.is(out.stdout, '', cases[i]!.join(' '));
    const err = JSON.parse(out.stderr.trim());
    assert.type(err.error, 'string');
    assert.ok(err.error.length > 0);
  });
});

test('CLI set-plan prints {workspaceId, plan} and the API follows the new plan', async () => {
  const ws = await bb.workspace('starter');
  assert.equal(await bb.cliJson('workspace', 'set-plan', '--workspace', ws.workspaceId, '--plan', 'pro'), {
    workspaceId: ws.workspaceId,
    plan: 'pro',
  });
  const usage = await bb.api('GET', '/usage', { key: ws.apiKey });
  assert.is(usage.body.data.plan, 'pro');
  assert.is(usage.body.data.limit, 50_000);

  assert.equal(await bb.cliJson('workspace', 'set-plan', '--workspace', ws.workspaceId, '--plan', 'free'), {
    workspaceId: ws.workspaceId,
    plan: 'free',
  });
  assert.is((await bb.api('GET', '/chatbots', { key: ws.apiKey })).status, 403, 'free plan: no API access');
});

test('CLI apikey create and revoke: the new key works at once, the revoked one gets 401', async () => {
  const ws = await bb.workspace('starter');
  const created = await bb.cliJson('apikey', 'create', '--workspace', ws.workspaceId);
  assert.equal(sortedKeys(created), ['apiKey', 'id']);
  assert.type(created.apiKey, 'string');
  assert.is((await bb.api('GET', '/chatbots', { key: created.apiKey })).status, 200);

  const member = await bb.cliJson(
    'apikey',
    'create',
    '--workspace',
    ws.workspaceId,
    '--role',
    'member',
    '--scopes',
    'account:write',
  );
  assert.is((await bb.api('GET', '/account', { key: member.apiKey })).status, 200);

  assert.equal(await bb.cliJson('apikey', 'revoke', '--id', created.id), { id: created.id, revoked: true });
  const r = await bb.api('GET', '/chatbots', { key: created.apiKey });
  assert.is(r.status, 401);
  assert.type(r.body.error, 'string');
  assert.is((await bb.api('GET', '/chatbots', { key: ws.apiKey })).status, 200, 'other keys keep working');
});

test('CLI events export prints the audit trail as JSON lines', async () => {
  const ws = await bb.workspace('pro');
  await bb.api('POST', '/chatbots', { key: ws.apiKey, body: { name: 'Audited' } });
  const out = await bb.cli('events', 'export', '--workspace', ws.workspaceId);
  assert.is(out.code, 0, out.stderr);
  const lines = out.stdout.trim().split('\n');
  assert.ok(lines.length >= 2, 'workspace creation and the chatbot');
  for (const line of lines) {
    const e = JSON.parse(line);
    assert.type(e, 'object');
    assert.ok(line.includes(ws.workspaceId), 'every exported event belongs to the workspace');
  }
  const all = await bb.cli('events', 'export');
  assert.is(all.code, 0, all.stderr);
  assert.ok(all.stdout.trim().split('\n').length > lines.length);
});

test.run();
