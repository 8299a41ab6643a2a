/**
 * The service as `npm start` runs it (`node --import tsx app/main.ts`) in a child process, for
 * what the in-process test app cannot do: trusting a test CA for webhook deliveries needs
 * NODE_EXTRA_CA_CERTS, which Node reads only at start. Embedded store in a fresh DATA_DIR;
 * the workspace comes from the operator CLI before the server starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliJson } from '../../../support/cliProcess.js';

const root = new URL('../../../../', import.meta.url).pathname;

export interface ServiceProcess {
  /** `{base_url}`: http://127.0.0.1:<port>/api/v1 */
  baseURL: string;
  apiKey: string;
  close(): Promise<void>;
}

export async function startServiceProcess(extraEnv: Record<string, string>, plan = 'pro'): Promise<ServiceProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-sdk-service-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    ...extraEnv,
  };
  const { apiKey } = await runCliJson(
    env,
    'workspace',
    'create',
    '--name',
    'SDK',
    '--plan',
    plan,
    '--owner-email',
    `sdk-${Date.now()}@example.com`,
  );
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`the service did not start within 60 s:\n${log}`)), 60_000);
    const onData = (d: Buffer) => {
      log += d;
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(log);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}:\n${log}`)));
  });
  // Drain the logs so a full pipe never blocks the server.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    baseURL: `${url}/api/v1`,
    apiKey,
    async close() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
