/** The HTTP application shell: health, OpenAPI, security headers, CORS, unknown routes. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestApp, type TestApp } from '../support/testApp.js';

const EXTERNAL = '/api/v1/external/v1';
/** The documented External API operations (docs/external-api.md) this service implements. */
const FOUNDATION_PATHS: Array<[string, string[]]> = [
  ['/external/v1/chatbots', ['get', 'post']],
  ['/external/v1/chatbots/{id}', ['get', 'put', 'delete']],
  ['/external/v1/chatbots/{id}/duplicate', ['post']],
  ['/external/v1/usage', ['get']],
];
/** Every documented External API path (docs/external-api.md); those the app serves must be in the document. */
const SEED_PATHS: Array<[string, string[]]> = [
  ...FOUNDATION_PATHS,
  ['/external/v1/chatbots/{id}/responses', ['get']],
  ['/external/v1/chatbots/{id}/responses/{responseId}', ['get']],
  ['/external/v1/chatbots/{id}/analytics', ['get']],
  ['/external/v1/webhooks', ['get', 'post']],
  ['/external/v1/webhooks/{id}', ['patch', 'delete']],
  ['/external/v1/account', ['get', 'patch']],
  ['/external/v1/account/email/request-change', ['post']],
  ['/external/v1/account/email/verify-identity', ['post']],
  ['/external/v1/account/email/confirm-change', ['post']],
];

let app: TestApp;

test.before(async () => {
  app = await startTestApp();
});

test('GET /healthz is 200 {status: ok}', async () => {
  const r = await app.api('GET', '/healthz');
  assert.is(r.status, 200);
  assert.equal(r.body, { status: 'ok' });
  assert.match(r.headers.get('content-type') ?? '', 'application/json');
});

test('the OpenAPI document is valid OpenAPI 3.0', async () => {
  const r = await app.api('GET', '/api/v1/openapi.json');
  assert.is(r.status, 200);
  assert.match(r.body.openapi, /^3\.0\./);
  await SwaggerParser.validate(structuredClone(r.body));
});

test('the OpenAPI document lists the foundation operations with the x-api-key scheme', async () => {
  const { body: doc } = await app.api('GET', '/api/v1/openapi.json');
  assert.equal(doc.components.securitySchemes.ApiKeyAuth, { type: 'apiKey', in: 'header', name: 'x-api-key' });
  for (const [path, methods] of FOUNDATION_PATHS) {
    const item = doc.paths[`/api/v1${path}`];
    assert.ok(item, `missing ${path}`);
    for (const m of methods) {
      assert.ok(item[m], `missing ${m.toUpperCase()} ${path}`);
      assert.equal(item[m].security, [{ ApiKeyAuth: [] }]);
    }
  }
  assert.ok(doc.paths['/api/v1/external/v1/chatbots'].post.requestBody, 'create has a request body');
  assert.ok(doc.paths['/api/v1/external/v1/chatbots'].post.responses['201']);
});

test('every documented External API path the app serves appears in the OpenAPI document', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  const { body: doc } = await app.api('GET', '/api/v1/openapi.json');
  for (const [path, methods] of SEED_PATHS) {
    const concrete = path
      .replace('{id}', 'aaaaaaaaaaaaaaaaaaaaaaaa')
      .replace('{responseId}', 'bbbbbbbbbbbbbbbbbbbbbbbb');
    for (const method of methods) {
      const r = await app.api(method.toUpperCase(), `/api/v1${concrete}`, {
        apiKey,
        body: method === 'get' || method === 'delete' ? undefined : {},
      });
      const served = !(r.status === 404 && r.body?.error === 'Not found');
      if (served)
        assert.ok(
          doc.paths[`/api/v1${path}`]?.[method],
          `${method.toUpperCase()} ${path} is served but not documented`,
        );
    }
  }
});

test('the OpenAPI document also lists /healthz, /readyz and itself (every HTTP endpoint is documented)', async () => {
  const { body: doc } = await app.api('GET', '/api/v1/openapi.json');
  assert.ok(doc.paths['/healthz']?.get, 'GET /healthz');
  assert.ok(doc.paths['/readyz']?.get, 'GET /readyz');
  assert.ok(doc.paths['/api/v1/openapi.json']?.get, 'GET /api/v1/openapi.json');
  assert.equal(doc.paths['/healthz'].get.security, []);
  assert.equal(doc.paths['/readyz'].get.security, []);
  assert.equal(Object.keys(doc.paths['/readyz'].get.responses).sort(), ['200', '503', '5XX']);
});

test('a NUL character in a path id is 404 and in a body or query is 400, never 500', async () => {
  const { apiKey } = await app.createWorkspace('pro');
  let r = await app.api('GET', `${EXTERNAL}/chatbots/abc%00def`, { apiKey });
  assert.is(r.status, 404);
  assert.equal(Object.keys(r.body).sort(), ['code', 'error']);
  r = await app.api('POST', `${EXTERNAL}/chatbots`, { apiKey, body: { name: 'a\u0000b' } });
  assert.is(r.status, 400);
  assert.match(r.body.error, /^name /);
  r = await app.api('POST', `${EXTERNAL}/chatbots`, { apiKey, body: { name: 'ok', description: 'x\u0000' } });
  assert.is(r.status, 400);
  assert.match(r.body.error, /^description /);
  r = await app.api('GET', `${EXTERNAL}/chatbots?x=%00`, { apiKey });
  assert.is(r.status, 400);
});

test('security headers: nosniff, no X-Powered-By, frames denied', async () => {
  for (const path of ['/healthz', `${EXTERNAL}/chatbots`, '/nowhere']) {
    const r = await app.api('GET', path);
    assert.is(r.headers.get('x-content-type-options'), 'nosniff', path);
    assert.is(r.headers.get('x-powered-by'), null, path);
    assert.match(r.headers.get('content-security-policy') ?? '', "frame-ancestors 'none'");
    assert.ok(r.headers.get('x-request-id'), 'X-Request-Id');
  }
});

test('CORS preflight from any origin allows x-api-key and exposes the rate-limit headers', async () => {
  const res = await fetch(app.baseUrl + `${EXTERNAL}/chatbots`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://some-shop.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-api-key, content-type',
    },
  });
  assert.ok(res.status === 204 || res.status === 200, `status ${res.status}`);
  assert.is(res.headers.get('access-control-allow-origin'), '*');
  const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  assert.match(allowed, 'x-api-key');
  assert.match(allowed, 'content-type');
  assert.match((res.headers.get('access-control-allow-methods') ?? '').toUpperCase(), 'POST');
  const { apiKey } = await app.createWorkspace('starter');
  const get = await fetch(app.baseUrl + `${EXTERNAL}/chatbots`, {
    headers: { origin: 'https://some-shop.example', 'x-api-key': apiKey },
  });
  assert.is(get.headers.get('access-control-allow-origin'), '*');
  const exposed = (get.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
  for (const h of [
    'ratelimit-policy',
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    'retry-after',
    'x-quota-limit',
    'x-quota-remaining',
    'x-quota-reset',
    'x-quota-period',
  ]) {
    assert.ok(exposed.includes(h), `exposes ${h}`);
  }
});

test('an unknown route is 404 JSON {error, code}', async () => {
  for (const path of ['/nowhere', '/api/v1/nothing-here']) {
    const r = await app.api('GET', path);
    assert.is(r.status, 404);
    assert.equal(r.body, { error: 'Not found', code: 'NOT_FOUND' });
  }
  const { apiKey } = await app.createWorkspace('starter');
  const r = await app.api('GET', `${EXTERNAL}/no-such-resource`, { apiKey });
  assert.is(r.status, 404);
  assert.equal(r.body, { error: 'Not found', code: 'NOT_FOUND' });
});

test('close', async () => {
  await app.close();
});

test.run();
