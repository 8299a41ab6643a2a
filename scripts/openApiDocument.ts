/**
 * The service's OpenAPI document (GET /api/v1/openapi.json) without a deployment: starts the
 * service in this process on an embedded store in a throw-away DATA_DIR, asks it, and stops it.
 * The document comes from the routes' own JSON schemas, so it is the input of every generated
 * client type (the Node SDK's and the dashboard's).
 *
 *   node --import tsx scripts/openApiDocument.ts [file]    (stdout when no file is named)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../app/server.js';
import { loadConfig } from '../infrastructure/config.js';

export async function serviceOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-openapi-'));
  try {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    const running = await startServer({ ...config, databaseUrl: undefined });
    try {
      const res = await fetch(`${running.url}/api/v1/openapi.json`);
      if (!res.ok) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    } finally {
      await running.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = `${JSON.stringify(await serviceOpenApiDocument(), null, 2)}\n`;
  if (process.argv[2]) writeFileSync(process.argv[2], text);
  else process.stdout.write(text);
  process.exit(0);
}
