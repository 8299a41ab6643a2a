/**
 * What the operator CLI refuses and how it reads what an operator types: help, repeated options,
 * plan limits, passwords, names, case, export filters, a bad DATABASE_URL. Run while `npm start`
 * serves the same DATA_DIR (commands go through its admin socket, as in production); the CLI's
 * own lifecycle is in cli.test.ts. (Apart from it so that each file stays well inside the test
 * runner's per-file time on a loaded machine.)
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runCliJson, startServer, type RunningServer } from '../support/cliProcess.js';

const dataDir = mkdtempSync(join(tmpdir(), 'confab-cli-input-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' };
const confab = (...args: string[]) => runCli(env, ...args);
const json = (out: { code: number; stdout: string; stderr: string }) => {
  assert.is(out.code, 0, out.stderr);
  const lines = out.stdout.trim().split('\n');
  assert.is(lines.length, 1, 'exactly one JSON object on stdout');
  return JSON.parse(lines[0]!);
};

let server: RunningServer | null = null;
let workspaceId = '';

test.before(async () => {
  server = await startServer({ ...env, LOG_LEVEL: 'info' });
  workspaceId = (
    await runCliJson(
      env,
      'workspace',
      'create',
      '--name',
      'Acme',
      '--plan',
      'starter',
      '--owner-email',
      'owner@acme.test',
    )
  ).workspaceId;
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
  return out.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
};

test('help: confab --help, help, -h and <command> --help print the commands and their options, exit 0', async () => {
  for (const args of [['--help'], ['help'], ['-h']]) {
    const out = await confab(...args);
    assert.is(out.code, 0, `${args.join(' ')}: ${out.stderr}`);
    for (const c of [
      'workspace create',
      'workspace set-plan',
      'apikey create',
      'apikey revoke',
      'projections rebuild',
      'projections failed',
      'projections retry',
      'events export',
    ]) {
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
  for (const key of [a, b])
    assert.equal(
      (await exported('--stream', `apikey-${key.id}`)).map((e) => e.type),
      ['ApiKeyCreated'],
    );
});

test('limits: refused on plans without custom limits and out of range; enterprise takes positive whole numbers', async () => {
  await refused(
    ['workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'pro', '--monthly-calls', '5', '--chatbots', '1'],
    /only to the enterprise plan; the pro plan's limits are fixed/,
  );
  await refused(
    [
      'workspace',
      'set-plan',
      '--workspace',
      workspaceId,
      '--plan',
      'enterprise',
      '--monthly-calls',
      '99999999999999999999999',
    ],
    /monthly calls limit must be a whole number from 1 to 1000000000/,
  );
  await refused(
    ['workspace', 'set-plan', '--workspace', workspaceId, '--plan', 'enterprise', '--chatbots', '0'],
    /chatbots limit must be a whole number from 1/,
  );
  await refused(
    ['workspace', 'create', '--name', 'L', '--plan', 'starter', '--owner-email', 'limits@acme.test', '--webhooks', '3'],
    /only to the enterprise plan/,
  );
  assert.equal(
    json(
      await confab(
        'workspace',
        'set-plan',
        '--workspace',
        workspaceId,
        '--plan',
        'enterprise',
        '--monthly-calls',
        '1234',
      ),
    ),
    { workspaceId, plan: 'enterprise' },
  );
  const changes = (await exported('--stream', `workspace-${workspaceId}`)).filter(
    (e) => e.type === 'WorkspacePlanChanged',
  );
  assert.equal(changes.at(-1).data, { plan: 'enterprise', limits: { monthlyCalls: 1234 } });
  assert.ok(
    changes.every((e) => e.data.plan === 'enterprise' || e.data.limits === undefined),
    'no refused limits reached the log',
  );
});

test('owner password: the sign-in rule (8 to 200 characters)', async () => {
  await refused(
    [
      'workspace',
      'create',
      '--name',
      'P',
      '--plan',
      'pro',
      '--owner-email',
      'longpw@acme.test',
      '--owner-password',
      'x'.repeat(201),
    ],
    /owner-password must be 8 to 200 characters/,
  );
  await refused(
    [
      'workspace',
      'create',
      '--name',
      'P',
      '--plan',
      'pro',
      '--owner-email',
      'shortpw@acme.test',
      '--owner-password',
      'short',
    ],
    /owner-password must be 8 to 200 characters/,
  );
  json(
    await confab(
      'workspace',
      'create',
      '--name',
      'P',
      '--plan',
      'pro',
      '--owner-email',
      'longpw@acme.test',
      '--owner-password',
      'x'.repeat(200),
    ),
  );
});

test("names: HTML tags stripped from the workspace's and the owner's name; line breaks and control characters refused", async () => {
  const created = json(
    await confab(
      'workspace',
      'create',
      '--name',
      'Ünïcødé 🤖 <b>bold</b>',
      '--plan',
      'pro',
      '--owner-email',
      'unicode@acme.test',
    ),
  );
  const [user] = await exported('--stream', `user-${created.ownerId}`);
  assert.is(user.data.name, 'Ünïcødé 🤖 bold');
  const [workspace] = await exported('--stream', `workspace-${created.workspaceId}`);
  assert.is(workspace.data.name, 'Ünïcødé 🤖 bold');
  await refused(
    ['workspace', 'create', '--name', 'Acme\nInc', '--plan', 'pro', '--owner-email', 'newline@acme.test'],
    /--name must be a single line without control characters/,
  );
  await refused(
    ['workspace', 'create', '--name', '<b></b>', '--plan', 'pro', '--owner-email', 'empty@acme.test'],
    /name must not be empty/,
  );
});

test('plan, role and scope names ignore case and blanks alike', async () => {
  const created = json(
    await confab('workspace', 'create', '--name', 'Case', '--plan', ' STARTER ', '--owner-email', 'case@acme.test'),
  );
  const key = json(
    await confab('apikey', 'create', '--workspace', created.workspaceId, '--role', 'ADMIN', '--scopes', 'READ'),
  );
  const [event] = await exported('--stream', `apikey-${key.id}`);
  assert.equal([event.data.role, event.data.scopes], ['admin', ['read']]);
});

test('events export: --stream with --workspace filters by both; empty or unknown values are errors', async () => {
  const other = json(
    await confab('workspace', 'create', '--name', 'Other', '--plan', 'pro', '--owner-email', 'other@acme.test'),
  );
  assert.equal(
    await exported('--stream', `workspace-${workspaceId}`, '--workspace', other.workspaceId),
    [],
    "another workspace's stream: none of its events",
  );
  const own = await exported('--stream', `workspace-${other.workspaceId}`, '--workspace', other.workspaceId);
  assert.ok(
    own.length > 0 &&
      own.every((e) => e.metadata.workspaceId === other.workspaceId && e.streamId === `workspace-${other.workspaceId}`),
  );
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
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test.run();
