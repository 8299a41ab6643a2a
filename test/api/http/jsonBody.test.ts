/**
 * JSON bodies (api/http/jsonBody.ts) and the refusals of bodies the parser cannot read
 * (api/http/errorHandler.ts): each is a 4xx with a code, never a 500 or a silently changed value.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { request as httpRequest, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { MAX_JSON_DEPTH, jsonBody, nestsDeeperThan } from '../../../api/http/jsonBody.js';
import { errorHandler } from '../../../api/http/errorHandler.js';
import { createLogger } from '../../../infrastructure/logger.js';

let server: Server;
let base: string;

test.before(async () => {
  const app = express();
  app.use(...jsonBody({ limit: '1mb' }));
  app.post('/echo', (req, res) => res.json({ got: req.body }));
  app.get('/things/:id', (req, res) => res.json({ id: req.params.id }));
  app.get('/echo', (req, res) => res.json({ got: req.body ?? 'nothing' }));
  app.use(errorHandler(createLogger('error')));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(() => new Promise<void>((r) => server.close(() => r())));

const post = async (body: Uint8Array | string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/echo`, {
    method: 'POST',
    body: body as BodyInit,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.status, body: (await res.json()) as { got?: unknown; error?: string; code?: string } };
};

test('nestsDeeperThan counts arrays and objects, iteratively', () => {
  assert.is(nestsDeeperThan({ a: [1, { b: 2 }] }, 3), false);
  assert.is(nestsDeeperThan({ a: [1, { b: [] }] }, 3), true);
  assert.is(nestsDeeperThan('text', 0), false);
  const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
  assert.is(nestsDeeperThan(deep, MAX_JSON_DEPTH), true);
});

test('a body within the depth limit and in UTF-8 is parsed as sent', async () => {
  const name = 'Zoë 🤖 ✓';
  const r = await post(
    JSON.stringify({ name, nested: JSON.parse('['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1)) }),
  );
  assert.is(r.status, 200);
  assert.is((r.body.got as { name: string }).name, name);
});

test('a body nested deeper than the limit is 400 BODY_TOO_DEEP', async () => {
  const r = await post(`{"x":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`);
  assert.equal([r.status, r.body.code], [400, 'BODY_TOO_DEEP']);
});

test('bytes that are not UTF-8 are 400 INVALID_UTF8, not replaced with U+FFFD', async () => {
  const bytes = Buffer.concat([Buffer.from('{"name":"bad'), Buffer.from([0xff, 0xfe]), Buffer.from('utf8"}')]);
  const r = await post(bytes);
  assert.equal([r.status, r.body.code], [400, 'INVALID_UTF8']);
  // Also when the bytes arrive compressed.
  const gz = await post(gzipSync(bytes), { 'content-encoding': 'gzip' });
  assert.equal([gz.status, gz.body.code], [400, 'INVALID_UTF8']);
});

test('a body that does not match its Content-Encoding is 400 INVALID_CONTENT_ENCODING', async () => {
  for (const encoding of ['gzip', 'deflate', 'br']) {
    const r = await post('{"name":"x"}', { 'content-encoding': encoding });
    assert.equal([r.status, r.body.code], [400, 'INVALID_CONTENT_ENCODING'], encoding);
    assert.not.match(r.body.error!, /header check|Decompression failed/);
  }
});

test('a POST body of another type than JSON is 415 UNSUPPORTED_MEDIA_TYPE, never read as JSON', async () => {
  for (const type of [
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'application/xml',
  ]) {
    const r = await post('{"name":"x"}', { 'content-type': type });
    assert.equal([r.status, r.body.code], [415, 'UNSUPPORTED_MEDIA_TYPE'], type);
    assert.match(r.body.error!, /Content-Type: application\/json/);
  }
  const untyped = await fetch(`${base}/echo`, { method: 'POST', body: new Uint8Array(Buffer.from('{"name":"x"}')) });
  assert.is(untyped.status, 415, 'JSON without a Content-Type');
});

test('JSON and +json types are read; a bodiless request, multipart and a GET body are left to the route', async () => {
  assert.equal((await post('{"a":1}', { 'content-type': 'application/json; charset=utf-8' })).body.got, { a: 1 });
  assert.equal((await post('{"a":2}', { 'content-type': 'application/merge-patch+json' })).body.got, { a: 2 });
  const bodiless = await fetch(`${base}/echo`, { method: 'POST' });
  assert.equal([bodiless.status, await bodiless.json()], [200, {}]);
  const multipart = await post('--b\r\n\r\n--b--\r\n', { 'content-type': 'multipart/form-data; boundary=b' });
  assert.equal([multipart.status, multipart.body.got], [200, undefined]);
  // fetch sends no body with GET; Node's client does.
  const get = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}/echo`, { method: 'GET', headers: { 'content-type': 'text/plain' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end('{"a":3}');
  });
  assert.equal([get.status, JSON.parse(get.body)], [200, { got: 'nothing' }], 'neither read nor refused');
});

test('a path that is not valid percent-encoding is 400 INVALID_PATH', async () => {
  const res = await fetch(`${base}/things/%E0%A4%A`);
  assert.equal([res.status, ((await res.json()) as { code: string }).code], [400, 'INVALID_PATH']);
});

test.run();
