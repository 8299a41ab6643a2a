/** The CLI as a user runs it: `node bin/confab.js …` with the service's environment. */
import { spawn } from 'node:child_process';
import { root } from './serviceProcess.js';

export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node bin/confab.js …` with the service's environment. */
export function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliOutput> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/confab.js', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

export async function cliJson(env: NodeJS.ProcessEnv, ...args: string[]): Promise<any> {
  const out = await cli(env, ...args);
  if (out.code !== 0) throw new Error(`confab ${args.join(' ')} exited ${out.code}: ${out.stderr}`);
  return JSON.parse(out.stdout.trim());
}
