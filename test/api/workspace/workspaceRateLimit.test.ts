/** The workspace endpoints' per-caller burst limit follows WORKSPACE_RATE_LIMIT_PER_MINUTE (default 120). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../infrastructure/config.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';

let app: TestApp;

test.before(async () => {
  app = await startTestApp({ WORKSPACE_RATE_LIMIT_PER_MINUTE: '3' });
});
test.after(async () => {
  await app.close();
});

test('the default is 120; 0 or a word is refused, naming the variable', () => {
  assert.is(loadConfig({}).workspaceRateLimitPerMinute, 120);
  assert.is(loadConfig({ WORKSPACE_RATE_LIMIT_PER_MINUTE: '500' }).workspaceRateLimitPerMinute, 500);
  for (const bad of ['0', 'many'])
    assert.throws(
      () => loadConfig({ WORKSPACE_RATE_LIMIT_PER_MINUTE: bad }),
      (e: Error) => /^WORKSPACE_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1/.test(e.message),
    );
});

test('the fourth workspace request of a minute from one key is 429 with the configured figure', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  for (let i = 0; i < 3; i++) assert.is((await app.api('GET', '/api/v1/workspace/branding', { apiKey })).status, 200);
  const refused = await app.api('GET', '/api/v1/workspace/branding', { apiKey });
  assert.is(refused.status, 429);
  assert.match(refused.body.error, /at most 3 per minute/);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  // Another caller has its own count.
  const other = await app.createWorkspace('pro');
  assert.is((await app.api('GET', '/api/v1/workspace/branding', { apiKey: other.apiKey })).status, 200);
});

test.run();
