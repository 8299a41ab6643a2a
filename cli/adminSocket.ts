/**
 * The embedded database belongs to one process. While `npm start` runs, the CLI sends its
 * command over this Unix socket in DATA_DIR and the server runs it against the same stores.
 * The socket file is created with mode 0600: only the operator's user may use it.
 */
import { createServer, request, type Server } from 'node:http';
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runCliCommand, type CliDeps, type CliResult } from './cliCommands.js';

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
      try {
        const { argv } = JSON.parse(body) as { argv: string[] };
        const result = await runCliCommand(services, argv);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      } catch (err) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: (err as Error).message }));
      }
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

/** Sends a command to a running server; null when none answers on the socket. */
export function sendToAdminSocket(dataDir: string, argv: string[]): Promise<CliResult | null> {
  const path = adminSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: path, method: 'POST', path: '/run', headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          const parsed = JSON.parse(body);
          if (res.statusCode !== 200) reject(new Error(parsed.error));
          else resolve(parsed as CliResult);
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file left by a crashed server: nobody listens, so the CLI opens the store itself.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify({ argv }));
  });
}
