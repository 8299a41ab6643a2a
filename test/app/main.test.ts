/**
 * `npm start` with a bad configuration value: one line naming the variable and exit code 1,
 * never a Node stack trace (the operator fixes the environment, not the code).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'confab-main-'));

function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // A start that went through would listen forever: stop it, the test then fails on its output.
    const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
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
    [{ DATABASE_URL: 'mysql://root@db/confab' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
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

test.after(() => rmSync(dataDir, { recursive: true, force: true }));

test.run();
