/** A private `redis-server` on a port of its own, which a test may kill and start again. */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { eventually } from '../../support/waiting.js';

/** Whether something accepts TCP connections on the port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Starts `redis-server` (no persistence) on the port and resolves once it listens. */
export function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  return eventually(async () => ((await listening(port)) ? child : null), 15_000, `redis-server on ${port}`, 50);
}
