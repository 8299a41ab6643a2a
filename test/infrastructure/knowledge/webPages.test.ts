/**
 * Pages that never end: a body streamed forever is cut at the size cap, one trickled a byte at a
 * time (slowloris) or never started is cut at the time cap; each fails as a SourceProblem saying
 * why, the connection is dropped, and the next page is fetched as before.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { createWebPages } from '../../../infrastructure/knowledge/webPages.js';
import { SourceProblem } from '../../../domain/knowledge/sourceProblem.js';
import { getTestCertificate } from '../../support/httpsReceiver.js';

let server: Server;
let base = '';
/** Responses still being written when their client went away. */
let abandoned = 0;
const timers = new Set<NodeJS.Timeout>();

function forever(res: ServerResponse, everyMs: number, chunk: Buffer) {
  const timer = setInterval(() => res.write(chunk), everyMs);
  timers.add(timer);
  res.on('close', () => {
    clearInterval(timer);
    timers.delete(timer);
    abandoned += 1;
  });
}

test.before(async () => {
  const cert = getTestCertificate();
  server = createServer({ key: cert.keyPem, cert: cert.certPem }, (req, res) => {
    if (req.url === '/endless') {
      res.writeHead(200, { 'content-type': 'text/html' });
      forever(res, 1, Buffer.alloc(64 * 1024, 0x61));
    } else if (req.url === '/trickle') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      forever(res, 100, Buffer.from('a'));
    } else if (req.url === '/silent') {
      req.on('close', () => {
        abandoned += 1;
      });
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('A page that ends.');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(async () => {
  for (const t of timers) clearInterval(t);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const pages = () =>
  createWebPages({
    allowHosts: ['127.0.0.1'],
    certificateAuthority: getTestCertificate().certPem,
    timeoutMs: 1500,
    maxBytes: 1024 * 1024,
  });

async function problemOf(run: Promise<unknown>): Promise<string> {
  const err = await run.then(
    () => null,
    (e) => e,
  );
  assert.ok(err instanceof SourceProblem, `expected a SourceProblem, got ${err}`);
  return (err as SourceProblem).message;
}

test('a body that never ends is cut at the size cap, and the connection dropped', async () => {
  const web = pages();
  const before = abandoned;
  const started = performance.now();
  assert.match(await problemOf(web.get(`${base}/endless`)), /endless is larger than 1 MB/);
  assert.ok(performance.now() - started < 1500, 'cut by size, before the time cap');
  await new Promise((r) => setTimeout(r, 200));
  assert.is(abandoned, before + 1, 'the server saw the connection close');
  assert.is(new TextDecoder().decode((await web.get(`${base}/fine`)).bytes), 'A page that ends.');
});

test('a page trickled a byte at a time, or never answered, is cut at the time cap', async () => {
  const web = pages();
  const started = performance.now();
  assert.match(await problemOf(web.get(`${base}/trickle`)), /trickle did not answer in full within 1\.5 seconds/);
  assert.match(await problemOf(web.get(`${base}/silent`)), /silent did not answer in full within 1\.5 seconds/);
  const took = performance.now() - started;
  assert.ok(took >= 3000 && took < 6000, `${took} ms`);
  assert.is(new TextDecoder().decode((await web.get(`${base}/fine`)).bytes), 'A page that ends.');
});

test.run();
