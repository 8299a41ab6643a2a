/** Reading the event log as a user does: `confab events export`, one JSON event a line. */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './serviceProcess.js';

export interface ExportedEvent {
  id: string;
  streamId: string;
  revision: number;
  position: string;
  type: string;
  data: Record<string, any>;
  metadata: Record<string, any>;
}

export const parseExport = (text: string): ExportedEvent[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ExportedEvent);

/**
 * `confab events export` as parsed JSON lines. Its stdout goes to a file, as in
 * `confab events export > audit.jsonl`: through a pipe the CLI's output is cut at the pipe
 * buffer (see eventExportPipe in killDuringLoad.test.ts).
 */
export async function exportEvents(env: NodeJS.ProcessEnv, ...args: string[]): Promise<ExportedEvent[]> {
  const dir = mkdtempSync(join(tmpdir(), 'confab-faults-export-'));
  const file = join(dir, 'events.jsonl');
  const fd = openSync(file, 'w');
  try {
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['bin/confab.js', 'events', 'export', ...args], {
        cwd: root,
        env,
        stdio: ['ignore', fd, 'pipe'],
      });
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      child.on('close', (c) => resolve({ code: c ?? 1, stderr: err }));
    });
    if (code !== 0) throw new Error(`confab events export exited ${code}: ${stderr}`);
    return parseExport(readFileSync(file, 'utf8'));
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}
