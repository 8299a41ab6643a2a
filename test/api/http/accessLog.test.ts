import { test } from 'uvu';
import * as assert from 'uvu/assert';
import express from 'express';
import winston from 'winston';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { accessLog } from '../../../api/http/accessLog.js';

test('one line per answered request, without query string, headers or body', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = winston.createLogger({
    level: 'info',
    format: winston.format.json(),
    transports: [new winston.transports.Stream({ stream: sink })],
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'req-1';
    next();
  });
  app.use(accessLog(logger));
  app.post('/things', express.json(), (_req, res) => {
    res.status(201).json({ ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  await fetch(`http://127.0.0.1:${port}/things?email=ann@example.com`, {
    method: 'POST',
    headers: { 'x-api-key': 'cfb_secret_key_material', 'content-type': 'application/json' },
    body: JSON.stringify({ otp: '123456' }),
  });
  await new Promise((r) => setTimeout(r, 50));
  server.close();
  assert.is(lines.length, 1);
  const entry = JSON.parse(lines[0]);
  assert.equal(
    { method: entry.method, path: entry.path, status: entry.status, requestId: entry.requestId },
    { method: 'POST', path: '/things', status: 201, requestId: 'req-1' },
  );
  assert.type(entry.ms, 'number');
  for (const secret of ['cfb_secret_key_material', '123456', 'ann@example.com'])
    assert.not.ok(lines[0].includes(secret), secret);
});

test.run();
