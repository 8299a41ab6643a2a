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

test('WORKSPACE_DOMAIN: a bare domain; a port, a scheme or a path is refused instead of making x.localhost:3999:3999', () => {
  assert.is(loadConfig({ WORKSPACE_DOMAIN: 'Example.COM' }).workspaceDomain, 'example.com');
  assert.is(loadConfig({ WORKSPACE_DOMAIN: 'localhost' }).workspaceDomain, 'localhost');
  for (const bad of ['localhost:3999', 'https://example.com', 'example.com/', '*.example.com', 'exa mple.com'])
    refused(
      { WORKSPACE_DOMAIN: bad },
      new RegExp(
        `^WORKSPACE_DOMAIN must be a bare domain name .*no scheme, port or path.*got "${bad.replace(/[.*+/]/g, '\\$&')}"`,
      ),
    );
});

test('the other variables have rules too, each message naming its variable', () => {
  refused({ HOST: 'not a host!' }, /^HOST must be an IP address or a host name/);
  assert.is(loadConfig({ HOST: '::' }).host, '::');
  refused({ TRUST_PROXY: 'everyone' }, /^TRUST_PROXY must be true, false, a hop count/);
  assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy, ['10.0.0.0/8', 'loopback']);
  assert.is(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  refused({ MAIL_FROM: 'Confab <no-reply@example.com>\r\nBcc: x@evil.example' }, /^MAIL_FROM must be a mail address/);
  refused(
    { WEBHOOK_RETRY_DELAYS_MS: '1000,soon' },
    /^WEBHOOK_RETRY_DELAYS_MS must be a comma list of non-negative whole numbers/,
  );
  assert.equal(loadConfig({ WEBHOOK_RETRY_DELAYS_MS: '1, 2,3' }).webhookRetryDelaysMs, [1, 2, 3]);
  refused({ BIGCOMMERCE_API_URL: 'api.bigcommerce.com' }, /^BIGCOMMERCE_API_URL must be a URL starting with http:\/\//);
  refused({ OIDC_ISSUER: 'https://id.example' }, /^OIDC_ISSUER and OIDC_CLIENT_ID must be set together/);
  refused({ OIDC_CLIENT_ID: 'confab' }, /^OIDC_CLIENT_ID and OIDC_ISSUER must be set together/);
  refused({ OIDC_ISSUER: 'id.example', OIDC_CLIENT_ID: 'c' }, /^OIDC_ISSUER must be a URL starting with http:\/\//);
  refused({ OIDC_PROVIDER_NAME: 'x'.repeat(61) }, /^OIDC_PROVIDER_NAME must be a name of at most 60 characters/);
  refused({ CODE_SECRET: 'short' }, /^CODE_SECRET must be at least 32 characters/);
  refused({ STOREFRONT_TOKEN_KEY: 'abc' }, /^STOREFRONT_TOKEN_KEY must be 32 bytes/);
  assert.throws(
    () => loadConfig({ CODE_SECRET: 'short-secret-value' }),
    (e: Error) => !e.message.includes('short-secret-value'),
    'a secret is never echoed',
  );
});

test('every bad variable is named at once', () => {
  assert.throws(
    () => loadConfig({ PORT: 'eighty', WORKSPACE_DOMAIN: 'localhost:3999', RATE_LIMIT_PER_MINUTE: '0' }),
    (e: Error) =>
      /PORT must be a whole number from 0 to 65535, got "eighty"/.test(e.message) &&
      /WORKSPACE_DOMAIN must be a bare domain name/.test(e.message) &&
      /RATE_LIMIT_PER_MINUTE must be a whole number of at least 1, got "0"/.test(e.message),
  );
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
