/** `npm start`: one process with the API, projections and dispatchers. */
import { loadConfig, type Config } from '../infrastructure/config.js';
import { startAdminSocket } from '../cli/adminSocket.js';
import { startServer } from './server.js';

/**
 * A start that cannot go on (a bad variable, a database that refuses us) ends with one line
 * naming the cause and exit code 1: an operator fixing the environment needs no stack trace.
 * No retry loop for a store that is not there yet: the supervisor that runs the process
 * (systemd's Restart=, Kubernetes, compose's restart:) restarts it with a backoff and shows this
 * line each time, whereas waiting here would hide a wrong host, port or password behind silence.
 */
function cannotStart(what: string, err: unknown): never {
  const reason = (err as Error)?.message ?? String(err);
  process.stderr.write(`Confab cannot start: ${what}${reason.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  cannotStart('bad configuration: ', err);
}
const running = await startServer(config).catch((err: unknown) => cannotStart('', err));
const admin = config.databaseUrl ? null : await startAdminSocket(config.dataDir, running.services);
running.services.logger.info('Confab listening', {
  url: running.url,
  publicUrl: config.publicUrl,
  store: config.databaseUrl ? 'postgresql' : 'embedded',
});

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
