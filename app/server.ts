/**
 * Starts one Confab process: stores, projections, dispatchers and the HTTP server. Used by
 * `npm start` (main.ts) and by the end-to-end tests, so both run the same thing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../infrastructure/config.js';
import { createApp, type AppDeps } from '../api/app.js';
import { answerClientErrorsAsJson } from '../api/http/clientErrorResponse.js';
import type { ReadinessCheck } from '../api/http/readiness.js';
import { createServices, type ServiceOptions, type Services } from './compositionRoot.js';
import { startBackgroundWorkers } from './backgroundWorkers.js';
import { createSqlDeliveryLog } from '../infrastructure/webhooks/deliveryLogQueries.js';
import { WORKSPACE_BRANDING } from '../projections/views/workspaceBrandingView.js';

export interface RunningServer {
  url: string;
  services: Services;
  server: Server;
  close(): Promise<void>;
}

/**
 * What GET /readyz asks: the SQL database always (the event store and views live there unless
 * configured elsewhere), EventStoreDB and MongoDB when they are, and Redis when REDIS_URL is set
 * (optional: the limiters fall back to per-process counts without it).
 */
function readinessChecks({ config, sql, events, views, rateLimiters }: Services): ReadinessCheck[] {
  // Its own connection where the driver has one: a saturated pool is load, not an outage.
  const checks: ReadinessCheck[] = [
    { name: 'database', required: true, probe: () => (sql.probe ? sql.probe() : sql.query('SELECT 1')) },
  ];
  if (config.eventStoreUrl)
    checks.push({ name: 'eventStore', required: true, probe: () => events.readStream('readiness-probe') });
  if (config.mongodbUrl)
    checks.push({ name: 'readStore', required: true, probe: () => views.getCheckpoint('readiness-probe') });
  const redis = rateLimiters.redis;
  if (redis) checks.push({ name: 'redis', required: false, probe: () => redis.probe() });
  return checks;
}

/** The HTTP layer's share of the process: the commands and reads its routes use. */
export function appDeps(services: Services): AppDeps {
  const { config, logger, clock, views, usage, rateLimiters } = services;
  const deliveryLog = createSqlDeliveryLog(services.sql);
  // The one rule of which hosts are workspaces' (api/session/workspaceHost.ts).
  const hostRule = { publicUrl: config.publicUrl, workspaceDomain: config.workspaceDomain, appUrl: config.appUrl };
  const session = { views, sessions: services.sessions, ...hostRule };
  const external: AppDeps['external'] = {
    // Answers kept in process until the projections write their collection (cachedReader.ts).
    views: services.apiViews,
    aheadOfViews: services.aheadOfViews,
    clock,
    flowSimulation: { views, eventLog: services.events },
    exportViews: views,
    logger,
    usage,
    rateLimiters,
    keyLastUsed: services.keyLastUsed,
    callers: services.callers,
    rateLimitPerMinute: config.rateLimitPerMinute,
    idempotency: services.idempotency,
    chatbots: services.chatbots,
    agentPreview: services.agentPreview,
    webhooks: services.webhooks,
    modelConnections: services.modelConnections,
    knowledge: services.knowledge,
    knowledgeLimitsOf: services.knowledgeStores.limitsOf,
    knowledgeEvaluation: services.knowledgeEvaluation,
    platformModel: config.platformModel,
    deliveryLog,
    account: services.account,
  };
  return {
    logger,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    readiness: readinessChecks(services),
    external,
    chat: {
      conversations: services.conversations,
      rateLimiters,
      brandingOf: async (workspaceId) => (await views.get(WORKSPACE_BRANDING, workspaceId))?.branding ?? null,
    },
    workspace: {
      views,
      clock,
      logger,
      rateLimiters,
      rateLimitPerMinute: config.workspaceRateLimitPerMinute,
      ...hostRule,
      branding: services.branding,
      adClicks: services.adClicks,
      media: services.media,
      mediaStore: services.mediaStore,
      session,
    },
    session,
    // The dashboard reuses the External API's commands and reads, behind the session.
    dashboard: {
      ...external,
      session,
      members: services.members,
      memberQueries: services.memberQueries,
      signIn: services.signIn,
      workspaces: services.workspaces,
      keyLastUsed: services.keyLastUsed,
      deliveryLog,
    },
    auth: {
      session,
      signIn: services.signIn,
      lookups: services.signInLookups,
      members: services.members,
      mailSignIn: services.mailSignIn,
      signup: services.signup,
      oidc: services.oidc,
      rateLimiters,
      logger,
    },
    landing: {
      inviteWorkspace: (token) => services.members.inviteWorkspace(token),
      // These pages are the main host's: a link asked for on a slug host opens only there.
      magicLinkWorkspace: (token) => services.mailSignIn.magicLinkWorkspace(token, null),
    },
    storefront: {
      views,
      logger,
      appUrl: config.appUrl,
      publicUrl: config.publicUrl,
      credentials:
        config.bigcommerce.clientId && config.bigcommerce.clientSecret
          ? { clientId: config.bigcommerce.clientId, clientSecret: config.bigcommerce.clientSecret }
          : null,
      commands: services.storefront,
      sessions: services.storeSessions,
      rateLimiters,
    },
  };
}

export async function startServer(
  config: Config,
  opts: ServiceOptions & { port?: number } = {},
): Promise<RunningServer> {
  const services = await createServices(config, opts);
  services.projections.start();
  const workers = await startBackgroundWorkers(services);
  const server = createServer(createApp(appDeps(services)));
  answerClientErrorsAsJson(server);
  server.headersTimeout = 30_000;
  // Whole-request limit: long enough for a 100 MB media upload on a slow line; slow headers
  // are cut much sooner by headersTimeout.
  server.requestTimeout = 15 * 60_000;
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
