/**
 * Redis lost while the limiters run, then back: requests keep their decisions (per process),
 * and the log gets exactly one warning naming what falls back when Redis is lost and one info
 * line when it is back — not a line per request. A private `redis-server` behind a TCP relay
 * the test cuts: refused connections (a server that is down), then a silent line (a partition).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChildProcess } from 'node:child_process';
import { createRateLimiterFactory, type RateLimiterFactory } from '../../../infrastructure/rateLimit/rateLimiter.js';
import { startRedis } from '../../faults/support/privateRedis.js';
import { freePort } from '../../support/freePort.js';
import { tcpRelay, type TcpRelay } from '../../support/tcpRelay.js';
import { eventually } from '../../support/waiting.js';

interface Line {
  level: 'warn' | 'info';
  message: string;
  meta?: Record<string, unknown>;
}

const lines: Line[] = [];
const log = {
  warn: (message: string, meta?: Record<string, unknown>) => lines.push({ level: 'warn', message, meta }),
  info: (message: string, meta?: Record<string, unknown>) => lines.push({ level: 'info', message, meta }),
};
const warnings = () => lines.filter((l) => l.level === 'warn');
const infos = () => lines.filter((l) => l.level === 'info');

let redis: ChildProcess;
let relay: TcpRelay;
let factory: RateLimiterFactory;

test.before(async () => {
  const port = await freePort();
  redis = await startRedis(port);
  relay = await tcpRelay('127.0.0.1', port);
  factory = createRateLimiterFactory(`redis://127.0.0.1:${relay.port}`, { log, heartbeatMs: 200 });
  await factory.ready();
});

test.after(async () => {
  await factory?.close();
  await relay?.close();
  redis?.kill('SIGKILL');
});

/** Twenty calls of two budgets while Redis is in the given state: every one is decided. */
async function traffic(): Promise<void> {
  const emailChange = factory.create({ name: 'email-change', points: 5, durationSeconds: 3600 });
  const signIn = factory.create({ name: 'signin-account', points: 10, durationSeconds: 900 });
  const decisions = await Promise.all(
    Array.from({ length: 10 }, (_, i) => [
      emailChange.consume(`k${i % 3}`),
      signIn.consume('owner@example.com'),
    ]).flat(),
  );
  assert.is(decisions.length, 20);
}

test('connected: no warning, Redis reported available', async () => {
  await traffic();
  assert.equal(lines, []);
  assert.is(factory.redis?.available, true);
  assert.is(await factory.redis?.probe(), true);
});

test('connections refused: one warning naming the budgets that fall back, however many calls', async () => {
  relay.refuse();
  await eventually(() => warnings().length === 1, 5000, 'the warning');
  for (let i = 0; i < 5; i++) await traffic();
  assert.is(await factory.redis?.probe(), false);
  assert.is(factory.redis?.available, false);
  assert.is(warnings().length, 1, JSON.stringify(lines));
  const [warning] = warnings();
  assert.match(warning!.message, /Redis unreachable.*per-process/);
  assert.equal(warning!.meta?.limits, ['email-change', 'signin-account']);
  assert.not.match(JSON.stringify(warning), /redis:\/\//, 'no connection string');
  assert.is(infos().length, 0);
});

test('back: one info line, shared again', async () => {
  relay.forward();
  await eventually(() => infos().length === 1, 10_000, 'the line saying Redis is back');
  await traffic();
  assert.is(factory.redis?.available, true);
  assert.is(await factory.redis?.probe(), true);
  assert.equal(
    lines.map((l) => l.level),
    ['warn', 'info'],
  );
});

test('a silent line (the connection stays open, nothing answers): noticed by the heartbeat, one warning, one info once it answers again', async () => {
  lines.length = 0;
  relay.silence();
  await eventually(() => warnings().length === 1, 5000, 'the warning');
  await traffic();
  assert.is(factory.redis?.available, false);
  relay.forward();
  await eventually(() => infos().length === 1, 10_000, 'the line saying Redis is back');
  assert.equal(
    lines.map((l) => l.level),
    ['warn', 'info'],
  );
});

test.run();
