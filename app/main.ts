/** `npm start`: one process with the API, projections and dispatchers. */
import { loadConfig } from '../infrastructure/config.js';
import { startAdminSocket } from '../cli/adminSocket.js';
import { startServer } from './server.js';

const config = loadConfig();
const running = await startServer(config);
const admin = config.databaseUrl ? null : await startAdminSocket(config.dataDir, running.services);
running.services.logger.info('Confab listening', { url: running.url, publicUrl: config.publicUrl, store: config.databaseUrl ? 'postgresql' : 'embedded' });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  running.services.logger.info('shutting down', { signal });
  await admin?.close();
  await running.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
