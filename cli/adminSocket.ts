/**
 * The embedded database belongs to one process. While `npm start` runs, the CLI sends its
 * command over this Unix socket in DATA_DIR and the server runs it against the same stores.
 * The socket file is created with mode 0600: only the operator's user may use it.
 *
 * The answer is JSON lines: `{"progress":[done,total]}` while a long command runs (only when
 * the CLI asked for progress: its terminal shows it), then `{"result":…}` or `{"error":"…"}`.
 */
import { createServer, request, type Server } from 'node:http';
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runCliCommand, type CliDeps, type CliResult } from './cliCommands.js';
import type { ProgressReport } from './progressLine.js';

type AdminMessage = { progress: [number, number | null] } | { result: CliResult } | { error: string };

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'confab.sock');
}

export async function startAdminSocket(dataDir: string, services: CliDeps): Promise<{ close(): Promise<void> }> {
  const path = adminSocketPath(dataDir);
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const send = (message: AdminMessage) => res.write(`${JSON.stringify(message)}\n`);
      try {
        const { argv, progress } = JSON.parse(body) as { argv: string[]; progress?: boolean };
        const report: ProgressReport | undefined = progress
          ? (done, total) => send({ progress: [done, total] })
          : undefined;
        send({ result: await runCliCommand(services, argv, report) });
      } catch (err) {
        send({ error: (err as Error).message });
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (existsSync(path)) unlinkSync(path);
      }),
  };
}

/**
 * Sends a command to a running server; null when none answers on the socket. `progress` hears
 * the server's progress reports as they arrive.
 */
export function sendToAdminSocket(
  dataDir: string,
  argv: string[],
  progress?: ProgressReport,
): Promise<CliResult | null> {
  const path = adminSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: path, method: 'POST', path: '/run', headers: { 'content-type': 'application/json' } },
      (res) => {
        let pending = '';
        let answered = false;
        const take = (line: string) => {
          const message = JSON.parse(line) as AdminMessage;
          if ('progress' in message) return progress?.(...message.progress);
          answered = true;
          if ('error' in message) reject(new Error(message.error));
          else resolve(message.result);
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) if (line) take(line);
        });
        res.on('end', () => {
          if (pending) take(pending);
          if (!answered)
            reject(new Error('the server closed the admin socket without an answer; run the command again'));
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file left by a crashed server: nobody listens, so the CLI opens the store itself.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify({ argv, progress: progress !== undefined }));
  });
}
