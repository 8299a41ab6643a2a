/**
 * The service as an operator runs it, in a child process that a test can kill with any signal
 * and start again on the same store.
 *
 * `npm start` is `tsx app/main.ts`; the child here is `node --import tsx app/main.ts`, the same
 * program without npm and tsx's launcher in between, so that SIGKILL reaches the server itself
 * (killing `npm start` would leave its grandchild running). Everything else is what a user has:
 * environment variables, the CLI (`node bin/confab.js …`) and HTTP. The only thing read behind
 * the service's back is the webhook delivery log (no API serves it yet), after the server stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The repository's root: the working directory of the service and the CLI. */
export const root = new URL('../../../', import.meta.url).pathname;

/**
 * The environment of the service: the test runner's, minus everything the fault tests choose
 * themselves, plus `env`.
 */
export function serviceEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'MAIL_FROM',
    'PUBLIC_URL',
    'WEBHOOK_ALLOW_HOSTS',
    'WEBHOOK_RETRY_DELAYS_MS',
    'WEBHOOK_TIMEOUT_MS',
    'RATE_LIMIT_PER_MINUTE',
    'EVENTSTORE_URL',
    'MONGODB_URL',
    'TRUST_PROXY',
    'NODE_EXTRA_CA_CERTS',
  ])
    delete base[name];
  return { ...base, LOG_LEVEL: 'info', ...env };
}

export interface ServiceProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to "Confab listening". */
  startupMs: number;
  child: ChildProcess;
  /** The last 64 KB of its stdout and stderr. */
  log(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** Sends the signal and waits for the process to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node --import tsx app/main.ts` and resolves once it listens. */
export function startService(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServiceProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
    cwd: root,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const onData = (d: Buffer) => {
    log += d;
    if (log.length > 65_536) log = log.slice(-65_536);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not listen within ${timeoutMs} ms:\n${log.slice(-4000)}`));
    }, timeoutMs);
    const watch = () => {
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(log);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', watch);
      child.stderr!.off('data', watch);
      const proc: ServiceProcess = {
        url: m[1]!,
        pid: child.pid!,
        startupMs: Date.now() - started,
        child,
        log: () => log,
        exited,
        alive: () => child.exitCode === null && child.signalCode === null,
        async kill(signal = 'SIGTERM') {
          if (!proc.alive()) return;
          child.kill(signal);
          const t = signal === 'SIGKILL' ? null : setTimeout(() => child.kill('SIGKILL'), 20_000);
          await exited;
          if (t) clearTimeout(t);
        },
      };
      resolve(proc);
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code ?? signal}) before it listened:\n${log.slice(-4000)}`));
    });
  });
}
