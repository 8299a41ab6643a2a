/** A private PostgreSQL cluster (never the machine's shared server) that a test may crash and restart. */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/freePort.js';

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** `pg_ctl stop -m immediate`: a crash as far as the clients can tell. */
  stopImmediate(): void;
  destroy(): void;
}

/** The newest /usr/lib/postgresql/<version>/bin, or null. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0]!, 'bin') : null;
}

/**
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user and every
 * pg_ctl call goes through `runuser -u postgres --`.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'confab-faults-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const argv = asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args] : [join(bin, tool), ...args];
    return execFileSync(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).toString();
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const pg_ctl = (...args: string[]) => run('pg_ctl', ['-D', data, ...args]);
  let destroyed = false;
  const cluster: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      pg_ctl(
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        'start',
      );
    },
    stopImmediate() {
      pg_ctl('-m', 'immediate', '-w', 'stop');
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        pg_ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        /* not running */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // A test process that ends without its after hook (an uncaught error) still stops the cluster;
  // only a SIGKILL (the runner's timeout) can leave it running.
  process.on('exit', () => cluster.destroy());
  cluster.start();
  return cluster;
}
