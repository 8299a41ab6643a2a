/** Several middlewares as one router layer: the router's own semantics, in a real Express app. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { middlewareChain } from '../../../api/http/middlewareChain.js';

async function serve(chain: RequestHandler): Promise<{ get(path: string): Promise<string>; close(): void }> {
  const app = express();
  app.get(
    '/skip',
    middlewareChain((_req, _res, next) => next('route')),
    (_req, res) => void res.send('skipped'),
  );
  app.use(chain);
  app.get('/{*any}', (_req, res) => void res.send(`route:${res.locals.trail.join(',')}`));
  const onError: ErrorRequestHandler = (err, _req, res, _next) => void res.status(500).send(`error:${err.message}`);
  app.use(onError);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: async (path) => (await fetch(base + path)).text(),
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

const step =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.trail = [...(res.locals.trail ?? []), name];
    next();
  };

test('runs each middleware in order, then the routes after it', async () => {
  const app = await serve(middlewareChain(step('a'), step('b'), step('c')));
  assert.is(await app.get('/x'), 'route:a,b,c');
  app.close();
});

test('an error, thrown or passed or rejected, leaves the chain for the error handler', async () => {
  const thrown = await serve(
    middlewareChain(
      step('a'),
      () => {
        throw new Error('thrown');
      },
      step('never'),
    ),
  );
  assert.is(await thrown.get('/x'), 'error:thrown');
  thrown.close();
  const passed = await serve(middlewareChain((_req, _res, next) => next(new Error('passed')), step('never')));
  assert.is(await passed.get('/x'), 'error:passed');
  passed.close();
  const rejected = await serve(
    middlewareChain(async () => {
      throw new Error('rejected');
    }, step('never')),
  );
  assert.is(await rejected.get('/x'), 'error:rejected');
  rejected.close();
});

test('a middleware that answers ends the chain; next("route") leaves it as it leaves a layer', async () => {
  const answering = await serve(middlewareChain(step('a'), (_req, res) => void res.send('answered'), step('never')));
  assert.is(await answering.get('/x'), 'answered');
  answering.close();
  // 'route' skips the rest of its route's handlers, and the app goes on to the next layer.
  const passing = await serve(middlewareChain(step('a')));
  assert.is(await passing.get('/skip'), 'route:a');
  passing.close();
});

test.run();
