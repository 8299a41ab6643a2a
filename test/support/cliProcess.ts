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

/** The one JSON object a successful command prints (CONTRACT.md §3); anything else throws. */
export function parseCliJson(args: string[], out: CliOutput): any {
  if (out.code !== 0) throw new Error(`confab ${args.join(' ')} exited ${out.code}: ${out.stderr}`);
  const lines = out.stdout.trim().split('\n');
  if (lines.length !== 1) throw new Error(`confab ${args.join(' ')} printed ${lines.length} lines: ${out.stdout}`);
  return JSON.parse(lines[0]!);
}

export async function runCliJson(env: NodeJS.ProcessEnv, ...args: string[]): Promise<any> {
  return parseCliJson(args, await runCli(env, ...args));
}
