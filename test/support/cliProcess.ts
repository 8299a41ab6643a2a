/**
 * The operator CLI as a user runs it: `node bin/confab.js …` in a child process from the
 * repository's root, with the environment the caller gives (the server's, usually). Shared by
 * the CLI, black-box and fault suites, which all drive the CLI from outside.
 */
import { spawn } from 'node:child_process';

const root = new URL('../../', import.meta.url).pathname;

export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliOutput> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/confab.js', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The one JSON object a successful command prints (docs/cli.md); anything else throws. */
export function parseCliJson(args: string[], out: CliOutput): any {
  if (out.code !== 0) throw new Error(`confab ${args.join(' ')} exited ${out.code}: ${out.stderr}`);
  const lines = out.stdout.trim().split('\n');
  if (lines.length !== 1) throw new Error(`confab ${args.join(' ')} printed ${lines.length} lines: ${out.stdout}`);
  return JSON.parse(lines[0]!);
}

export async function runCliJson(env: NodeJS.ProcessEnv, ...args: string[]): Promise<any> {
  return parseCliJson(args, await runCli(env, ...args));
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `npm start`'s entry point with this environment (PORT 0 on 127.0.0.1), resolved once it logs
 * the address it listens on: CLI commands then go through its admin socket on the same DATA_DIR.
 */
export function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts'], {
      cwd: root,
      env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    });
    const exited = new Promise<void>((done) => server.once('exit', () => done()));
    let log = '';
    const onData = (d: Buffer) => {
      log += d;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(log);
      if (m)
        resolve({
          url: m[1]!,
          stop: async () => void (server.exitCode === null && server.kill('SIGTERM'), await exited),
        });
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
  });
}
