/**
 * The operator CLI as an operator runs it: `node bin/confab.js …` in a child process, on the
 * embedded store alone and while `npm start` runs on the same DATA_DIR (commands then go
 * through the server's admin socket). What it refuses is in cliInput.test.ts; long commands on
 * a terminal are in cliProgress.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, startServer, type RunningServer } from '../support/cliProcess.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'confab-cli-'));
// The CLI and server here always use the embedded store: that is the case that needs the socket.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' };

const confab = (...args: string[]) => runCli(env, ...args);

function json(out: { stdout: string }) {
  const lines = out.stdout.trim().split('\n');
  assert.is(lines.length, 1, 'exactly one JSON object on stdout');
  return JSON.parse(lines[0]);
}

let workspaceId = '';
let keyId = '';

test('workspace create prints ids and an admin key', async () => {
  const out = await confab(
    'workspace',
    'create',
    '--name',
    'Acme',
    '--plan',
    'starter',
    '--owner-email',
    'ops@acme.test',
    '--owner-password',
    'correct horse',
  );
  assert.is(out.code, 0, out.stderr);
  const body = json(out);
  assert.equal(Object.keys(body).sort(), ['apiKey', 'dashboardUrl', 'ownerId', 'workspaceId']);
  assert.match(body.apiKey, /^cfb_/);
  assert.is(body.dashboardUrl, 'http://localhost:3000/dashboard', 'PUBLIC_URL is unset: the default one');
  workspaceId = body.workspaceId;
});

test('bad input without a server: error JSON on stderr and a non-zero exit', async () => {
  const out = await confab('workspace', 'create', '--name', 'X', '--plan', 'gold', '--owner-email', 'x@y.test');
  assert.is.not(out.code, 0);
  assert.is(out.stdout, '');
  assert.match(JSON.parse(out.stderr.trim()).error, /plan must be one of/);
});

test('set-plan, apikey create and revoke', async () => {
  assert.equal(json(await confab('workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'pro')), {
    workspaceId,
    plan: 'pro',
  });
  const key = json(
    await confab('apikey', 'create', '--workspace', workspaceId, '--role', 'member', '--scopes', 'account:write'),
  );
  assert.match(key.apiKey, /^cfb_/);
  keyId = key.id;
  assert.equal(json(await confab('apikey', 'revoke', '--id', keyId)), { id: keyId, revoked: true });
  // read and write are every key's base scopes: naming them is not an error.
  const base = await confab('apikey', 'create', '--workspace', workspaceId, '--scopes', 'read,write,account:write');
  assert.is(base.code, 0, base.stderr);
  assert.match(json(base).apiKey, /^cfb_/);
});

test('events export prints the audit trail as JSON lines with the envelope', async () => {
  const out = await confab('events', 'export', '--workspace', workspaceId);
  assert.is(out.code, 0, out.stderr);
  assert.is(out.stderr, '', 'in a pipe: no progress');
  const events = out.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const types = events.map((e) => e.type);
  for (const t of ['WorkspaceCreated', 'ApiKeyCreated', 'WorkspacePlanChanged', 'ApiKeyRevoked'])
    assert.ok(types.includes(t), t);
  for (const e of events) {
    assert.is(e.metadata.workspaceId, workspaceId);
    assert.equal(e.metadata.actor, { type: 'operator', id: 'cli' });
    assert.type(e.metadata.correlationId, 'string');
    assert.type(e.metadata.occurredAt, 'string');
  }
  const raw = out.stdout;
  assert.not.match(raw, /correct horse/, 'no password in clear');
  const stream = await confab('events', 'export', '--stream', `apikey-${keyId}`);
  assert.equal(
    stream.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).type),
    ['ApiKeyCreated', 'ApiKeyRevoked'],
  );
});

test('projections rebuild reports the events replayed; in a pipe it shows no progress', async () => {
  const out = await confab('projections', 'rebuild');
  const body = json(out);
  assert.ok(body.events >= 5);
  assert.type(body.ms, 'number');
  assert.is(out.stderr, '', 'nothing but the JSON');
});

let server: RunningServer | null = null;

let serverUrl = '';
let liveWorkspaceId = '';

test('the CLI works while the server runs on the same DATA_DIR', async () => {
  server = await startServer({ ...env, LOG_LEVEL: 'info' });
  const url = (serverUrl = server.url);
  const created = json(
    await confab('workspace', 'create', '--name', 'Live', '--plan', 'starter', '--owner-email', 'live@acme.test'),
  );
  liveWorkspaceId = created.workspaceId;
  const res = await fetch(`${url}/api/v1/external/v1/chatbots`, {
    method: 'POST',
    headers: { 'x-api-key': created.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'From CLI key' }),
  });
  assert.is(res.status, 201, 'the server knows the key at once');
  const key = json(await confab('apikey', 'create', '--workspace', created.workspaceId));
  json(await confab('apikey', 'revoke', '--id', key.id));
  const revoked = await fetch(`${url}/api/v1/external/v1/chatbots`, { headers: { 'x-api-key': key.apiKey } });
  assert.is(revoked.status, 401);
  const rebuilt = json(await confab('projections', 'rebuild'));
  assert.ok(rebuilt.events > 0);
  const list = await fetch(`${url}/api/v1/external/v1/chatbots`, { headers: { 'x-api-key': created.apiKey } });
  assert.is((await list.json()).data.length, 1, 'views are whole again after the rebuild');
});

test('signin-link through the server: a link that signs the owner in once', async () => {
  const printed = json(await confab('signin-link', '--workspace', liveWorkspaceId, '--email', 'live@acme.test'));
  const link = new URL(printed.link);
  assert.is(link.pathname, '/login/magic');
  const verify = () =>
    fetch(`${serverUrl}/auth/magic-link/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.searchParams.get('token') }),
    });
  const used = await verify();
  assert.is(used.status, 200, await used.text());
  assert.match(used.headers.get('set-cookie') ?? '', /=/);
  assert.is((await verify()).status, 401, 'single use');
});

test('events export shows no email-change code material: hash and salt print as [redacted]', async () => {
  const owner = json(
    await confab('workspace', 'create', '--name', 'Mover', '--plan', 'starter', '--owner-email', 'mover@acme.test'),
  );
  const res = await fetch(`${serverUrl}/api/v1/external/v1/account/email/request-change`, {
    method: 'POST',
    headers: { 'x-api-key': owner.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ newEmail: 'moved@acme.test' }),
  });
  assert.is(res.status, 200, await res.text());
  const out = await confab('events', 'export', '--stream', `user-${owner.ownerId}`);
  assert.is(out.code, 0, out.stderr);
  const requested = out.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .find((e) => e.type === 'EmailChangeRequested');
  assert.is(requested?.data.newEmail, 'moved@acme.test');
  assert.is(requested.data.codeHash, '[redacted]');
  assert.is(requested.data.salt, '[redacted]');
  assert.not.match(out.stdout, /[0-9a-f]{32}/, 'no digest or salt anywhere in the export');
});

test('bad input through the running server: error JSON on stderr and a non-zero exit', async () => {
  for (const args of [
    ['workspace', 'create', '--name', 'X', '--plan', 'gold', '--owner-email', 'x@y.test'],
    ['workspace', 'create', '--plan', 'pro', '--owner-email', 'x@y.test'],
    ['workspace', 'create', '--name', 'X', '--plan', 'pro', '--owner-email', 'not-an-email'],
    ['workspace', 'create', '--name', 'Dup', '--plan', 'pro', '--owner-email', 'ops@acme.test'],
    ['apikey', 'create', '--workspace', 'nope'],
    ['apikey', 'create', '--workspace', workspaceId, '--role', 'root'],
    ['apikey', 'create', '--workspace', workspaceId, '--scopes', 'everything'],
    ['apikey', 'revoke', '--id', 'missing'],
    ['workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'platinum'],
    ['frobnicate'],
    ['workspace', 'create', '--bogus-flag'],
  ]) {
    const out = await confab(...args);
    assert.is.not(out.code, 0, args.join(' '));
    assert.is(out.stdout, '', args.join(' '));
    assert.type(JSON.parse(out.stderr.trim().split('\n').pop()!).error, 'string', args.join(' '));
  }
});

test.after(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test.run();
