/**
 * Configuration is refused at start, naming the variable, rather than bent into something the
 * operator did not ask for (a zero rate limit that became 60, an unknown log level that silenced
 * every line, a mysql:// address used as PostgreSQL). And the default DATA_DIR is the project's,
 * wherever the command runs from.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../infrastructure/config.js';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

function refused(env: Record<string, string>, message: RegExp): void {
  assert.throws(
    () => loadConfig(env),
    (e: Error) => message.test(e.message),
    `${JSON.stringify(env)} should fail with ${message}`,
  );
}

test('RATE_LIMIT_PER_MINUTE: a positive whole number; 0 is refused, not turned into 60', () => {
  assert.is(loadConfig({}).rateLimitPerMinute, 60);
  assert.is(loadConfig({ RATE_LIMIT_PER_MINUTE: '1' }).rateLimitPerMinute, 1);
  for (const bad of ['0', '-5', '1.5', 'sixty', '1e3', '99999999999999999999'])
    refused({ RATE_LIMIT_PER_MINUTE: bad }, /^RATE_LIMIT_PER_MINUTE must be a whole number of at least 1/);
});

test('other numbers: PORT 0 to 65535; timeouts and upload limits positive', () => {
  assert.is(loadConfig({ PORT: '0' }).port, 0);
  refused({ PORT: '70000' }, /^PORT must be a whole number from 0 to 65535, got "70000"/);
  refused({ PORT: 'http' }, /^PORT must be/);
  refused({ WEBHOOK_TIMEOUT_MS: '0' }, /^WEBHOOK_TIMEOUT_MS must be a whole number of at least 1/);
  refused({ MEDIA_MAX_IMAGE_BYTES: '0' }, /^MEDIA_MAX_IMAGE_BYTES must be/);
  refused({ MEDIA_MAX_VIDEO_BYTES: 'lots' }, /^MEDIA_MAX_VIDEO_BYTES must be/);
  assert.is(loadConfig({ MEDIA_MAX_IMAGE_BYTES: '2048' }).mediaLimits.imageBytes, 2048);
});

test("LOG_LEVEL: one of winston's levels (case ignored); anything else is refused instead of logging nothing", () => {
  assert.is(loadConfig({}).logLevel, 'info');
  assert.is(loadConfig({}, { logLevel: 'warn' }).logLevel, 'warn', "the CLI's own default");
  assert.is(loadConfig({ LOG_LEVEL: ' DEBUG ' }).logLevel, 'debug');
  refused(
    { LOG_LEVEL: 'bogus' },
    /^LOG_LEVEL must be one of error, warn, info, http, verbose, debug, silly, got "bogus"/,
  );
  refused({ LOG_LEVEL: 'trace' }, /^LOG_LEVEL must be one of/);
});

test('DATABASE_URL and the other service addresses: the right kind of URL, named in the message, password never echoed', () => {
  for (const ok of [
    'postgres://postgres@127.0.0.1:5432/test',
    'postgresql://u:p@db.example/confab',
    'postgres:///confab?host=/var/run/postgresql',
  ]) {
    assert.is(loadConfig({ DATABASE_URL: ok }).databaseUrl, ok);
  }
  refused(
    { DATABASE_URL: 'mysql://root:hunter2@db/confab' },
    /^DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\/ .*not mysql:\/\//,
  );
  refused({ DATABASE_URL: 'notaurl' }, /^DATABASE_URL must be a URL starting with postgres:\/\//);
  assert.throws(
    () => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/confab' }),
    (e: Error) => !e.message.includes('hunter2'),
  );
  refused({ REDIS_URL: 'localhost:6379' }, /^REDIS_URL must be a URL starting with redis:\/\/ or rediss:\/\//);
  refused({ MONGODB_URL: 'postgres://x' }, /^MONGODB_URL must be a URL starting with mongodb:\/\//);
  refused({ SMTP_URL: 'mail.example:25' }, /^SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//);
  refused({ EVENTSTORE_URL: 'http://localhost:2113' }, /^EVENTSTORE_URL must be a URL starting with esdb:\/\//);
  refused({ PUBLIC_URL: 'confab.example' }, /^PUBLIC_URL must be a URL starting with http:\/\/ or https:\/\//);
  assert.is(
    loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', SMTP_URL: 'smtp://127.0.0.1:2525' }).redisUrl,
    'redis://127.0.0.1:6379',
  );
  assert.is(loadConfig({ DATABASE_URL: '' }).databaseUrl, undefined, 'empty is unset');
});

test("the default DATA_DIR is the project's ./data from any folder; an explicit one is taken relative to the current folder", () => {
  const before = process.cwd();
  const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), 'confab-cwd-')));
  try {
    for (const cwd of [join(projectRoot, 'web'), elsewhere, projectRoot]) {
      process.chdir(cwd);
      assert.is(loadConfig({}).dataDir, resolve(projectRoot, 'data'), cwd);
    }
    process.chdir(elsewhere);
    assert.is(loadConfig({ DATA_DIR: './mine' }).dataDir, join(elsewhere, 'mine'));
    assert.is(loadConfig({ DATA_DIR: '/srv/confab' }).dataDir, '/srv/confab');
  } finally {
    process.chdir(before);
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test.run();
