/**
 * `npm start` with a bad configuration value, or a database it cannot use: one line naming the
 * variable (or the store and its address, never its password) and exit code 1, never a Node
 * stack trace (the operator fixes the environment, not the code).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/freePort.js';
import { tcpRelayTo } from '../support/tcpRelay.js';

const root = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'confab-main-'));

function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // A start that went through would listen forever: stop it, the test then fails on its output.
    // Generous: on a loaded machine tsx's start plus the 10 s connect timeout passed 20 s in CI.
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('a bad value: one clear line naming the variable, exit 1, no stack trace', async () => {
  for (const [env, message] of [
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE must be a whole number of at least 1, got "0"'],
    [{ LOG_LEVEL: 'bogus' }, 'LOG_LEVEL must be one of error, warn, info, http, verbose, debug, silly, got "bogus"'],
    [
      { DATABASE_URL: 'mysql://root@db/confab' },
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    ],
    [{ WORKSPACE_DOMAIN: 'localhost:3999' }, 'WORKSPACE_DOMAIN must be a bare domain name'],
  ] as const) {
    const out = await start(env);
    assert.is(out.code, 1, JSON.stringify(env));
    assert.is(out.stdout, '');
    const lines = out.stderr.trim().split('\n');
    assert.is(lines.length, 1, `one line, got:\n${out.stderr}`);
    assert.ok(lines[0].startsWith(`Confab cannot start: bad configuration: ${message}`), lines[0]);
    assert.not.match(out.stderr, /\n\s+at /, 'no stack trace');
  }
});

/** The one line a start that cannot use its database prints, naming the store and the address. */
function assertDatabaseLine(out: Awaited<ReturnType<typeof start>>, address: string, reason: RegExp) {
  assert.is(out.code, 1, out.stderr);
  assert.is(out.stdout, '');
  const lines = out.stderr.trim().split('\n');
  assert.is(lines.length, 1, `one line, got:\n${out.stderr}`);
  assert.ok(
    lines[0]!.startsWith(`Confab cannot start: the PostgreSQL database at ${address} (DATABASE_URL) cannot be used: `),
    lines[0],
  );
  assert.match(lines[0]!, reason);
  assert.not.match(out.stderr, /s3cret-pw/, 'no password');
  assert.not.match(out.stderr, /\n\s+at /, 'no stack trace');
}

test('a database server that refuses connections: one line naming the store and host:port, exit 1', async () => {
  const port = await freePort();
  const out = await start({ DATABASE_URL: `postgres://confab:s3cret-pw@127.0.0.1:${port}/confab` });
  assertDatabaseLine(out, `127.0.0.1:${port}`, /ECONNREFUSED/);
});

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  test('a database that does not exist on the server: one line naming the store, exit 1', async () => {
    const url = new URL(serverUrl);
    url.pathname = '/confab_no_such_database';
    url.password = 's3cret-pw';
    const out = await start({ DATABASE_URL: url.href });
    assertDatabaseLine(out, `${url.hostname}:${url.port || 5432}`, /does not exist|authentication failed/);
  });

  test('a database server that accepts and never answers: the same line once the connect timeout (10 s) passes, no hang', async () => {
    const relay = await tcpRelayTo(serverUrl, 5432);
    relay.silence();
    try {
      const out = await start({ DATABASE_URL: relay.urlFor(serverUrl) });
      assertDatabaseLine(out, `127.0.0.1:${relay.port}`, /timeout/);
    } finally {
      await relay.close();
    }
  });
} else {
  test.skip('a database that does not exist, a silent server (need DATABASE_URL)', () => undefined);
}

test.after(() => rmSync(dataDir, { recursive: true, force: true }));

test.run();
