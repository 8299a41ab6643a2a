/**
 * Starts one Confab process: stores, projections, dispatchers and the HTTP server. Used by
 * `npm start` (main.ts) and by the end-to-end tests, so both run the same thing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../infrastructure/config.js';
import { createContainer, type ContainerOptions, type Services } from './compositionRoot.js';
import { createApp } from '../api/app.js';
import { appModules } from '../api/modules.js';
import { startBackgroundWorkers, type BackgroundWorkers } from '../dispatchers/backgroundWorkers.js';

export interface RunningServer {
  url: string;
  services: Services;
  server: Server;
  close(): Promise<void>;
}

export async function startServer(config: Config, opts: ContainerOptions & { port?: number } = {}): Promise<RunningServer> {
  const services = await createContainer(config, opts);
  services.projections.start();
  const workers: BackgroundWorkers = await startBackgroundWorkers(services);
  const app = createApp(services, appModules);
  const server = createServer(app);
  server.headersTimeout = 30_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${port}`,
    services,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await workers.stop();
      await services.close();
    },
  };
}
