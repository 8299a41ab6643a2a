import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'node:https';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { signPayload } from '../../domain/webhooks/webhookSignature.js';
import { jsonBody, startHttpsReceiver, verifySeedSignature, type HttpsReceiver } from './httpsReceiver.js';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function post(url: string, body: string, headers: Record<string, string>, tls: { ca?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, ...tls }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const SECRET = '0f'.repeat(32);

let receiver: HttpsReceiver;
test.before(async () => {
  receiver = await startHttpsReceiver();
});
test.after(async () => {
  await receiver.close();
});
test.before.each(() => {
  receiver.requests.length = 0;
  receiver.respondWith(() => ({ status: 200, body: { ok: true } }));
});

test('a request trusting the receiver CA succeeds and is recorded with its raw body', async () => {
  // Non-canonical JSON spacing: the signature covers these bytes, not a re-serialization.
  const body = '{ "event":"response.created",  "responseId":"r_1" }';
  const res = await post(
    `${receiver.url}/hooks/a?x=1`,
    body,
    { 'content-type': 'application/json', 'x-webhook-event': 'response.created' },
    { ca: receiver.caPem },
  );
  assert.is(res.status, 200);
  assert.equal(JSON.parse(res.body), { ok: true });

  const [got] = await receiver.waitFor(1, 2000);
  assert.is(got.method, 'POST');
  assert.is(got.path, '/hooks/a?x=1');
  assert.is(got.headers['x-webhook-event'], 'response.created');
  assert.ok(Buffer.isBuffer(got.rawBody));
  assert.is(got.rawBody.toString('utf8'), body);
  assert.instance(got.receivedAt, Date);
  assert.equal(jsonBody(got), { event: 'response.created', responseId: 'r_1' });
});

test('TLS without the receiver CA is refused (the certificate is really self-signed)', async () => {
  let code: string | undefined;
  try {
    await post(`${receiver.url}/`, '{}', {});
  } catch (err) {
    code = (err as NodeJS.ErrnoException).code;
  }
  assert.ok(code, 'expected a TLS error');
  assert.match(code!, /SELF_SIGNED|UNABLE_TO_VERIFY|CERT/);
  assert.is(receiver.requests.length, 0);
});

test('caFile holds the CA PEM and works as NODE_EXTRA_CA_CERTS for a child process', async () => {
  assert.is(readFileSync(receiver.caFile, 'utf8'), receiver.caPem);
  const script = `require('https').get(process.argv[1], (r) => { console.log(r.statusCode); r.resume(); })
    .on('error', (e) => { console.log('ERR ' + e.code); });`;
  const status = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['-e', script, `${receiver.url}/from-child`], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: receiver.caFile },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => resolve(out.trim()));
  });
  assert.is(status, '200');
  assert.is(receiver.requests[0]?.path, '/from-child');
});

test('the certificate is also valid for the name localhost', async () => {
  const res = await post(`https://localhost:${receiver.port}/by-name`, '{}', {}, { ca: receiver.caPem });
  assert.is(res.status, 200);
});

test('verifySeedSignature: correct signature true, wrong or missing false', async () => {
  const body = '{"event":"conversation.started","chatSessionId":"c_1"}';
  const good = signPayload(SECRET, body);
  await post(receiver.url, body, { 'x-webhook-signature': good }, { ca: receiver.caPem });
  await post(receiver.url, body, { 'x-webhook-signature': signPayload('1'.repeat(64), body) }, { ca: receiver.caPem });
  await post(receiver.url, body.replace('c_1', 'c_2'), { 'x-webhook-signature': good }, { ca: receiver.caPem });
  await post(receiver.url, body, {}, { ca: receiver.caPem });
  await post(receiver.url, body, { 'x-webhook-signature': `sha256=${good}` }, { ca: receiver.caPem });

  const reqs = await receiver.waitFor(5, 2000);
  assert.equal(
    reqs.map((r) => verifySeedSignature(r, SECRET)),
    [true, false, false, false, false],
  );
});

test('respondWith controls status, headers and body, and delayMs delays the answer', async () => {
  receiver.respondWith((req) => ({
    status: req.path === '/fail' ? 503 : 202,
    headers: { 'x-test': 'yes' },
    body: 'plain',
    delayMs: 150,
  }));
  const started = Date.now();
  const res = await post(`${receiver.url}/fail`, '', {}, { ca: receiver.caPem });
  assert.ok(Date.now() - started >= 140, 'answer was not delayed');
  assert.is(res.status, 503);
  assert.is(res.headers['x-test'], 'yes');
  assert.is(res.body, 'plain');
  assert.is((await post(`${receiver.url}/ok`, '', {}, { ca: receiver.caPem })).status, 202);
});

test('a throwing responder turns into a 500, and the request is still recorded', async () => {
  receiver.respondWith(() => {
    throw new Error('boom');
  });
  const res = await post(receiver.url, 'x', {}, { ca: receiver.caPem });
  assert.is(res.status, 500);
  assert.is(receiver.requests.length, 1);
});

test('waitFor rejects after its timeout when too few requests arrive', async () => {
  let message = '';
  try {
    await receiver.waitFor(1, 50);
  } catch (err) {
    message = (err as Error).message;
  }
  assert.match(message, /expected 1 request\(s\) within 50 ms, got 0/);
});

test('close() returns promptly even with a reply still delayed', async () => {
  const other = await startHttpsReceiver({ respond: () => ({ status: 200, delayMs: 60_000 }) });
  assert.is(other.caPem, receiver.caPem, 'one certificate per process');
  const pending = post(other.url, '{}', {}, { ca: other.caPem }).catch((err: Error) => err);
  await other.waitFor(1, 2000);
  const started = Date.now();
  await other.close();
  assert.ok(Date.now() - started < 2000);
  assert.instance(await pending, Error);
});

test.run();
