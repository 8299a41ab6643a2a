/**
 * The operator CLI as an operator runs it: `node bin/confab.js …` in a child process, on the
 * embedded store alone and while `npm start` runs on the same DATA_DIR (commands then go
 * through the server's admin socket).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { runCli } from '../support/cliProcess.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
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
  const out = await confab('workspace', 'create', '--name', 'Acme', '--plan', 'starter', '--owner-email', 'ops@acme.test', '--owner-password', 'correct horse');
  assert.is(out.code, 0, out.stderr);
  const body = json(out);
  assert.equal(Object.keys(body).sort(), ['apiKey', 'ownerId', 'workspaceId']);
  assert.match(body.apiKey, /^cfb_/);
  workspaceId = body.workspaceId;
});

test('bad input without a server: error JSON on stderr and a non-zero exit', async () => {
  const out = await confab('workspace', 'create', '--name', 'X', '--plan', 'gold', '--owner-email', 'x@y.test');
  assert.is.not(out.code, 0);
  assert.is(out.stdout, '');
  assert.match(JSON.parse(out.stderr.trim()).error, /plan must be one of/);
});

test('set-plan, apikey create and revoke', async () => {
  assert.equal(json(await confab('workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'pro')), { workspaceId, plan: 'pro' });
  const key = json(await confab('apikey', 'create', '--workspace', workspaceId, '--role', 'member', '--scopes', 'account:write'));
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
  const events = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
  const types = events.map((e) => e.type);
  for (const t of ['WorkspaceCreated', 'ApiKeyCreated', 'WorkspacePlanChanged', 'ApiKeyRevoked']) assert.ok(types.includes(t), t);
  for (const e of events) {
    assert.is(e.metadata.workspaceId, workspaceId);
    assert.equal(e.metadata.actor, { type: 'operator', id: 'cli' });
    assert.type(e.metadata.correlationId, 'string');
    assert.type(e.metadata.occurredAt, 'string');
  }
  const raw = out.stdout;
  assert.not.match(raw, /correct horse/, 'no password in clear');
  const stream = await confab('events', 'export', '--stream', `apikey-${keyId}`);
  assert.equal(stream.stdout.trim().split('\n').map((l) => JSON.parse(l).type), ['ApiKeyCreated', 'ApiKeyRevoked']);
});

test('projections rebuild reports the events replayed', async () => {
  const body = json(await confab('projections', 'rebuild'));
  assert.ok(body.events >= 5);
  assert.type(body.ms, 'number');
});

let server: ChildProcess | null = null;

function startServer(): Promise<string> {
  return new Promise((resolve, reject) => {
    server = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], { cwd: root, env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' } });
    let log = '';
    const onData = (d: Buffer) => {
      log += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(log);
      if (m) resolve(m[1]);
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
  });
}

let serverUrl = '';

test('the CLI works while the server runs on the same DATA_DIR', async () => {
  const url = (serverUrl = await startServer());
  const created = json(await confab('workspace', 'create', '--name', 'Live', '--plan', 'starter', '--owner-email', 'live@acme.test'));
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

test('events export shows no email-change code material: hash and salt print as [redacted]', async () => {
  const owner = json(await confab('workspace', 'create', '--name', 'Mover', '--plan', 'starter', '--owner-email', 'mover@acme.test'));
  const res = await fetch(`${serverUrl}/api/v1/external/v1/account/email/request-change`, {
    method: 'POST',
    headers: { 'x-api-key': owner.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ newEmail: 'moved@acme.test' }),
  });
  assert.is(res.status, 200, await res.text());
  const out = await confab('events', 'export', '--stream', `user-${owner.ownerId}`);
  assert.is(out.code, 0, out.stderr);
  const requested = out.stdout.trim().split('\n').map((l) => JSON.parse(l)).find((e) => e.type === 'EmailChangeRequested');
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

const errorOf = (out: { stderr: string }) => JSON.parse(out.stderr.trim().split('\n').pop()!).error as string;

async function refused(args: string[], message: RegExp): Promise<void> {
  const out = await confab(...args);
  assert.is(out.code, 1, args.join(' '));
  assert.is(out.stdout, '', args.join(' '));
  assert.match(errorOf(out), message, args.join(' '));
}

const exported = async (...args: string[]) => {
  const out = await confab('events', 'export', ...args);
  assert.is(out.code, 0, out.stderr);
  return out.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
};

test('help: confab --help, help, -h and <command> --help print the commands and their options, exit 0', async () => {
  for (const args of [['--help'], ['help'], ['-h']]) {
    const out = await confab(...args);
    assert.is(out.code, 0, `${args.join(' ')}: ${out.stderr}`);
    for (const c of ['workspace create', 'workspace set-plan', 'apikey create', 'apikey revoke', 'projections rebuild', 'projections failed', 'projections retry', 'events export']) {
      assert.ok(out.stdout.includes(`  ${c}\n`), `${args.join(' ')} lists ${c}`);
    }
    assert.match(out.stdout, /--owner-email E\s+the owner's email address/);
  }
  const one = await confab('workspace', 'create', '--help');
  assert.is(one.code, 0, one.stderr);
  assert.match(one.stdout, /^Usage: confab workspace create --name N --plan P --owner-email E/);
});

test('a repeated option is refused and nothing runs: apikey revoke --id A --id B revokes neither', async () => {
  const a = json(await confab('apikey', 'create', '--workspace', workspaceId));
  const b = json(await confab('apikey', 'create', '--workspace', workspaceId));
  await refused(['apikey', 'revoke', '--id', a.id, '--id', b.id], /--id is given more than once/);
  for (const key of [a, b]) assert.equal((await exported('--stream', `apikey-${key.id}`)).map((e) => e.type), ['ApiKeyCreated']);
});

test('limits: refused on plans without custom limits and out of range; enterprise takes positive whole numbers', async () => {
  await refused(['workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'pro', '--monthly-calls', '5', '--chatbots', '1'], /only to the enterprise plan; the pro plan's limits are fixed/);
  await refused(['workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'enterprise', '--monthly-calls', '99999999999999999999999'], /monthly calls limit must be a whole number from 1 to 1000000000/);
  await refused(['workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'enterprise', '--chatbots', '0'], /chatbots limit must be a whole number from 1/);
  await refused(['workspace', 'create', '--name', 'L', '--plan', 'starter', '--owner-email', 'limits@acme.test', '--webhooks', '3'], /only to the enterprise plan/);
  assert.equal(json(await confab('workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'enterprise', '--monthly-calls', '1234')), { workspaceId, plan: 'enterprise' });
  const changes = (await exported('--stream', `workspace-${workspaceId}`)).filter((e) => e.type === 'WorkspacePlanChanged');
  assert.equal(changes.at(-1).data, { plan: 'enterprise', limits: { monthlyCalls: 1234 } });
  assert.ok(changes.every((e) => e.data.plan === 'enterprise' || e.data.limits === undefined), 'no refused limits reached the log');
});

test('owner password: the sign-in rule (8 to 200 characters)', async () => {
  await refused(['workspace', 'create', '--name', 'P', '--plan', 'pro', '--owner-email', 'longpw@acme.test', '--owner-password', 'x'.repeat(201)], /owner-password must be 8 to 200 characters/);
  await refused(['workspace', 'create', '--name', 'P', '--plan', 'pro', '--owner-email', 'shortpw@acme.test', '--owner-password', 'short'], /owner-password must be 8 to 200 characters/);
  json(await confab('workspace', 'create', '--name', 'P', '--plan', 'pro', '--owner-email', 'longpw@acme.test', '--owner-password', 'x'.repeat(200)));
});

test("names: HTML tags stripped from the workspace's and the owner's name; line breaks and control characters refused", async () => {
  const created = json(await confab('workspace', 'create', '--name', 'Ünïcødé 🤖 <b>bold</b>', '--plan', 'pro', '--owner-email', 'unicode@acme.test'));
  const [user] = await exported('--stream', `user-${created.ownerId}`);
  assert.is(user.data.name, 'Ünïcødé 🤖 bold');
  const [workspace] = await exported('--stream', `workspace-${created.workspaceId}`);
  assert.is(workspace.data.name, 'Ünïcødé 🤖 bold');
  await refused(['workspace', 'create', '--name', 'Acme\nInc', '--plan', 'pro', '--owner-email', 'newline@acme.test'], /--name must be a single line without control characters/);
  await refused(['workspace', 'create', '--name', '<b></b>', '--plan', 'pro', '--owner-email', 'empty@acme.test'], /name must not be empty/);
});

test('plan, role and scope names ignore case and blanks alike', async () => {
  const created = json(await confab('workspace', 'create', '--name', 'Case', '--plan', ' STARTER ', '--owner-email', 'case@acme.test'));
  const key = json(await confab('apikey', 'create', '--workspace', created.workspaceId, '--role', 'ADMIN', '--scopes', 'READ'));
  const [event] = await exported('--stream', `apikey-${key.id}`);
  assert.equal([event.data.role, event.data.scopes], ['admin', ['read']]);
});

test('events export: --stream with --workspace filters by both; empty or unknown values are errors', async () => {
  const other = json(await confab('workspace', 'create', '--name', 'Other', '--plan', 'pro', '--owner-email', 'other@acme.test'));
  assert.equal(await exported('--stream', `workspace-${workspaceId}`, '--workspace', other.workspaceId), [], "another workspace's stream: none of its events");
  const own = await exported('--stream', `workspace-${other.workspaceId}`, '--workspace', other.workspaceId);
  assert.ok(own.length > 0 && own.every((e) => e.metadata.workspaceId === other.workspaceId && e.streamId === `workspace-${other.workspaceId}`));
  await refused(['events', 'export', '--stream', ''], /--stream must not be empty/);
  await refused(['events', 'export', '--workspace', 'nope'], /no workspace with id "nope"/);
  await refused(['events', 'export', '--stream', 'workspace-nope'], /no stream named "workspace-nope"/);
  await refused(['projections', 'retry', '--id', 'nope'], /no parked event with id "nope"/);
});

test('a bad DATABASE_URL is refused by name, before any connection', async () => {
  const out = await runCli({ ...env, DATABASE_URL: 'notaurl' }, 'events', 'export');
  assert.is(out.code, 1);
  assert.match(errorOf(out), /^DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//);
});

test.after(async () => {
  if (server) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test.run();
