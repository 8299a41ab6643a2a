/**
 * Composition root (DESIGN.md, decision 11): the one place that picks adapters for the ports from the
 * configuration, builds every command handler, and hands each part only what it uses (the
 * HTTP app, the workers, the CLI). Nothing below app/ imports this file.
 *
 * Plain constructor calls rather than a DI container: every dependency is a typed argument
 * that the compiler checks and a reader can follow with "go to definition" (DESIGN.md,
 * decision 13).
 */
import { join } from 'node:path';
import { map } from 'rxjs';
import { chmodSync, mkdirSync } from 'node:fs';
import type { Config } from '../infrastructure/config.js';
import { createLogger, type Logger } from '../infrastructure/logger.js';
import type { SqlClient } from '../infrastructure/sql/sqlClient.js';
import { createPgSqlClient } from '../infrastructure/sql/pgSqlClient.js';
import { createPgliteSqlClient } from '../infrastructure/sql/pgliteSqlClient.js';
import { lockDataDir } from '../infrastructure/sql/dataDirLock.js';
import type { EventStore, Position } from '../infrastructure/eventStore/eventStore.js';
import { createPostgresEventStore } from '../infrastructure/eventStore/postgresEventStore.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import { createPostgresReadStore } from '../infrastructure/readStore/postgresReadStore.js';
import { createRateLimiterFactory, type RateLimiterFactory } from '../infrastructure/rateLimit/rateLimiter.js';
import { createLeasedUsageCounter, type LeasedUsageCounter } from '../infrastructure/usage/quotaLeases.js';
import { createCallerCache, type CallerCache } from '../api/principal/callerCache.js';
import { createCachedReader, type CachedReader } from '../infrastructure/readStore/cachedReader.js';
import { createSqlIdempotencyStore, type IdempotencyStore } from '../infrastructure/idempotency/idempotencyStore.js';
import { createApiKeyLastUsed, type ApiKeyLastUsed } from '../infrastructure/usage/apiKeyLastUsed.js';
import type { Mailer } from '../infrastructure/mail/mailer.js';
import { createMailer } from '../infrastructure/mail/mailerFromConfig.js';
import type { Resolver } from '../infrastructure/webhooks/addressGuard.js';
import { ProjectionRunner } from '../projections/projectionRunner.js';
import { WritesAheadOfViews } from '../projections/writesAheadOfViews.js';
import { CachingStreamLoader } from '../commands/cachingStreamLoader.js';
import { streamRetention } from '../commands/streamRetention.js';
import { EventStreamLoader } from '../commands/streamLoader.js';
import { allProjections } from '../projections/allProjections.js';
import { WEBHOOKS } from '../projections/views/webhooksView.js';
import { WORKSPACES } from '../projections/views/workspacesView.js';
import { AggregateStore } from '../commands/aggregateStore.js';
import { Reservations } from '../commands/reservations.js';
import { WorkspaceCommands } from '../commands/workspaceCommands.js';
import { ChatbotCommands } from '../commands/chatbotCommands.js';
import { WebhookCommands } from '../commands/webhookCommands.js';
import { ModelConnectionCommands } from '../commands/modelConnectionCommands.js';
import { createModelKeyCipher } from '../infrastructure/ai/modelKeyCipher.js';
import { createModelConnectionProbe } from '../infrastructure/ai/modelConnectionProbe.js';
import { createChatModel } from '../infrastructure/ai/chatModel.js';
import { MODEL_CONNECTIONS } from '../projections/views/modelConnectionsView.js';
import { KnowledgeSourceCommands } from '../commands/knowledgeSourceCommands.js';
import { KnowledgeEvaluationCommands } from '../commands/knowledgeEvaluationCommands.js';
import type { ChunkStore } from '../infrastructure/knowledge/chunkStore.js';
import { createSqlChunkStore } from '../infrastructure/knowledge/sqlChunkStore.js';
import type { EmbeddingStore } from '../infrastructure/knowledge/embeddingStore.js';
import { createSqlEmbeddingStore } from '../infrastructure/knowledge/sqlEmbeddingStore.js';
import { createEmbeddingModel, type EmbeddingModel } from '../infrastructure/ai/embeddingModel.js';
import {
  createKnowledgeRetriever,
  type EmbeddingTarget,
  embeddingTargetsOf,
  embeddingTargetOf,
  type KnowledgeRetriever,
} from '../commands/knowledgeRetrieval.js';
import { createSqlKnowledgeJobs, type KnowledgeJobs } from '../infrastructure/knowledge/knowledgeJobs.js';
import {
  createSqlSourceContentStore,
  type SourceContentStore,
} from '../infrastructure/knowledge/sourceContentStore.js';
import { createSqlPageFetchBudget, type PageFetchBudget } from '../infrastructure/knowledge/pageFetchBudget.js';
import { createWebPages, type WebPages } from '../infrastructure/knowledge/webPages.js';
import { wakeSignal, type WakeSignal } from '../infrastructure/eventStore/wakeSignal.js';
import { KNOWLEDGE_SOURCES } from '../projections/views/knowledgeSourcesView.js';
import { type KnowledgeLimits, knowledgeLimitsFor, type PlanName } from '../domain/plans.js';
import { createFlowHttpClient } from '../infrastructure/flowHttp/flowHttpClient.js';
import { flowSigningSecrets } from '../commands/flowSigningSecret.js';
import { aiTokenBudget } from '../projections/queries/aiTokenBudget.js';
import { AiTokenTally } from '../projections/queries/aiTokenTally.js';
import { ConversationCommands } from '../commands/conversationCommands.js';
import { AgentPreviewCommands } from '../commands/agentPreviewCommands.js';
import type { AgentModelDeps } from '../commands/agentModelCall.js';
import { AccountCommands } from '../commands/accountCommands.js';
import { BrandingCommands } from '../commands/brandingCommands.js';
import { AdClickCommands } from '../commands/adClickCommands.js';
import { loadCodePepper } from '../infrastructure/secrets/codePepper.js';
import type { MediaStore } from '../infrastructure/media/mediaStore.js';
import { createFileMediaStore } from '../infrastructure/media/fileMediaStore.js';
import { MediaCommands } from '../commands/mediaCommands.js';
import { createSqlSessionStore, type SessionStore } from '../infrastructure/sessions/sessionStore.js';
import { createSqlChallengeStore, type ChallengeStore } from '../infrastructure/sessions/challengeStore.js';
import { SignInCommands } from '../commands/signInCommands.js';
import { MemberCommands } from '../commands/memberCommands.js';
import { MailSignInCommands } from '../commands/mailSignInCommands.js';
import { SignupCommands } from '../commands/signupCommands.js';
import { OidcSignInCommands } from '../commands/oidcSignInCommands.js';
import { createOidcRelyingParty } from '../infrastructure/identity/oidcClient.js';
import { WORKSPACE_BRANDING } from '../projections/views/workspaceBrandingView.js';
import { StorefrontCommands } from '../commands/storefrontCommands.js';
import { bigCommerceClientFrom } from '../infrastructure/bigcommerce/bigCommerceClient.js';
import { createStoreTokenStore } from '../infrastructure/bigcommerce/storeTokenStore.js';
import { createStoreSessionStore, type StoreSessionStore } from '../infrastructure/bigcommerce/storeSessionStore.js';
import { createTokenCipher, loadTokenKey } from '../infrastructure/secrets/tokenCipher.js';
import { serviceSlugsOf, workspaceOrigin } from '../api/session/workspaceHost.js';
import { createSqlLeadership } from '../infrastructure/leadership/leadership.js';
import { MemberQueries } from '../projections/queries/memberQueries.js';
import { memberLookups } from '../projections/queries/memberLookups.js';
import { type SignInLookups, signInLookups } from '../projections/queries/signInLookups.js';

/** How often a follower tries to take the views' lead (the lead is free once its holder is gone). */
const VIEWS_LEAD_RETRY_MS = 250;

export interface Services {
  config: Config;
  logger: Logger;
  clock: () => Date;
  sql: SqlClient;
  events: EventStore;
  views: ReadStore;
  projections: ProjectionRunner;
  aggregates: AggregateStore;
  reservations: Reservations;
  rateLimiters: RateLimiterFactory;
  /** Monthly quota: calls leased in blocks from the database and counted in memory (quotaLeases.ts). */
  usage: LeasedUsageCounter;
  /** API keys and workspaces cached in process, invalidated from the event stream. */
  callers: CallerCache;
  /** The views as the External API reads them: answers kept until the runner writes their collection. */
  apiViews: CachedReader;
  /** Visitor turns answered before the views include them, per workspace (read-your-writes at read time). */
  aheadOfViews: WritesAheadOfViews;
  /** When each API key was last used: noted in memory per call, written at most once a minute per key. */
  keyLastUsed: ApiKeyLastUsed;
  /** Idempotency-Key records of External API POSTs (docs/idempotency.md). */
  idempotency: IdempotencyStore;
  mailer: Mailer;
  /** Uploaded login media (DATA_DIR/media; a shared volume when several instances run). */
  mediaStore: MediaStore;
  /** The command handlers, one of each, built here only. */
  workspaces: WorkspaceCommands;
  chatbots: ChatbotCommands;
  webhooks: WebhookCommands;
  /** The workspaces' connections to OpenAI-compatible model providers (keys encrypted at rest). */
  modelConnections: ModelConnectionCommands;
  conversations: ConversationCommands;
  /** The dashboard playground's model calls with an agent (nothing recorded). */
  agentPreview: AgentPreviewCommands;

  /** Knowledge sources: their commands and what the indexer works with (docs/knowledge.md). */
  knowledge: KnowledgeSourceCommands;
  knowledgeStores: KnowledgeStores;
  /** Knowledge evaluation: test questions and their runs (docs/knowledge-evaluation.md). */
  knowledgeEvaluation: KnowledgeEvaluationCommands;
  /** Agents' retrieval over their sources: full text, fused with embeddings when the connection has them. */
  knowledgeRetriever: KnowledgeRetriever;
  account: AccountCommands;
  branding: BrandingCommands;
  adClicks: AdClickCommands;
  media: MediaCommands;
  /** Dashboard sessions and one-time sign-in challenges (SQL tables, not events: DESIGN.md). */
  sessions: SessionStore;
  challenges: ChallengeStore;
  signIn: SignInCommands;
  members: MemberCommands;
  /** The members page's read (members and pending invites). */
  memberQueries: MemberQueries;
  /** The sign-in routes' reads of users, memberships and slugs. */
  signInLookups: SignInLookups;
  mailSignIn: MailSignInCommands;
  signup: SignupCommands;
  oidc: OidcSignInCommands;
  /** The BigCommerce storefront app: its commands and the settings page's store sessions. */
  storefront: StorefrontCommands;
  storeSessions: StoreSessionStore;
  close(): Promise<void>;
}

export interface KnowledgeStores {
  chunks: ChunkStore;
  jobs: KnowledgeJobs;
  contents: SourceContentStore;
  pageBudget: PageFetchBudget;
  web: WebPages;
  /** The chunks' vectors, one set per embedding connection and model. */
  embeddings: EmbeddingStore;
  embeddingModel: EmbeddingModel;
  /** The active connections with an embedding model, of a workspace (of all when null). */
  embeddingTargets(workspaceId: string | null): Promise<EmbeddingTarget[]>;
  /** Wakes the indexer when a job is enqueued. */
  wake: WakeSignal;
  /** The workspace's knowledge limits, by its plan. */
  limitsOf(workspaceId: string): Promise<KnowledgeLimits>;
}

export interface ServiceOptions {
  /** Use this SQL client instead of opening one from the config (tests). */
  sql?: SqlClient;
  logger?: Logger;
  clock?: () => Date;
  /** DNS for the webhook address check (tests resolve names without real DNS). */
  resolver?: Resolver;
  /** Extra CA certificates flows' http calls trust (tests call a receiver with its own certificate). */
  flowHttpCertificateAuthority?: string;
  /** How long a flow's http call may take (10 s unless a test needs a timeout sooner). */
  flowHttpTimeoutMs?: number;
  /** How long a model connection test may wait for the provider (15 s unless a test needs it sooner). */
  modelTestTimeoutMs?: number;
  /** Extra CA certificates URL knowledge sources' fetches trust (tests serve pages with their own certificate). */
  knowledgeCertificateAuthority?: string;
}

/**
 * The server is asked once before anything is built on it, so that a start it refuses ends with
 * one line (main.ts) naming the store and its address, never its password, rather than with
 * whatever error the first adapter to ask happened to get.
 */
async function openDatabaseServer(url: string): Promise<SqlClient> {
  const sql = await createPgSqlClient({ connectionString: url });
  try {
    await sql.query('SELECT 1');
    return sql;
  } catch (err) {
    await sql.close().catch(() => undefined);
    const { hostname, port, searchParams } = new URL(url);
    const address = hostname ? `${hostname}:${port || 5432}` : (searchParams.get('host') ?? 'localhost:5432');
    // (A host name with several addresses fails as an AggregateError whose message is empty.)
    const reason = (err as Error).message || (err as NodeJS.ErrnoException).code || String(err);
    throw new Error(`the PostgreSQL database at ${address} (DATABASE_URL) cannot be used: ${reason}`, { cause: err });
  }
}

async function openSql(config: Config): Promise<SqlClient> {
  if (config.databaseUrl) return openDatabaseServer(config.databaseUrl);
  // The embedded store's files hold the whole log (webhook secrets in its WAL): owner-only for
  // everything this process creates from here on, and for a DATA_DIR an older version left 0755.
  process.umask(0o077);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(config.dataDir, 0o700);
  const unlock = lockDataDir(config.dataDir);
  try {
    const sql = await createPgliteSqlClient(join(config.dataDir, 'pgdata'));
    const close = sql.close.bind(sql);
    return Object.assign(sql, {
      async close() {
        await close();
        unlock();
      },
    });
  } catch (err) {
    unlock();
    throw err;
  }
}

async function openEventStore(config: Config, sql: SqlClient): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { createEventStoreDbEventStore } = await import('../infrastructure/eventStore/eventStoreDbEventStore.js');
    return createEventStoreDbEventStore(config.eventStoreUrl);
  }
  return createPostgresEventStore(sql);
}

async function openReadStore(config: Config, sql: SqlClient): Promise<ReadStore> {
  if (config.mongodbUrl) {
    const { createMongoReadStore } = await import('../infrastructure/readStore/mongoReadStore.js');
    return createMongoReadStore(config.mongodbUrl);
  }
  return createPostgresReadStore(sql);
}

export async function createServices(config: Config, opts: ServiceOptions = {}): Promise<Services> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? (() => new Date());
  const sql = opts.sql ?? (await openSql(config));
  const events = await openEventStore(config, sql);
  const views = await openReadStore(config, sql);
  // One instance applies the views; the others follow their checkpoint (DESIGN.md decision 21).
  const projections = new ProjectionRunner(
    events,
    views,
    allProjections,
    logger,
    clock,
    createSqlLeadership(sql, { retryMs: VIEWS_LEAD_RETRY_MS }),
  );
  await projections.init();
  // Read-your-writes (DESIGN.md decision 7): bounded; a write or read that gives up answers anyway.
  const viewsInclude = (p: Position) =>
    projections.waitFor(p).catch((err) => {
      logger.warn('views did not catch up in time', { error: (err as Error).message });
    });
  // Visitor turns answer before the views include them; the workspace's next read waits instead.
  const aheadOfViews = new WritesAheadOfViews({ waitFor: viewsInclude, includes: (p) => projections.includes(p) });
  const aggregates = new AggregateStore(
    events,
    viewsInclude,
    clock,
    // Remembered states by stream kind: conversations minutes, workspaces and chatbots an hour.
    new CachingStreamLoader(new EventStreamLoader(events), events.appendedStreams$, { retention: streamRetention }),
  );
  const reservations = new Reservations(aggregates);
  const rateLimiters = createRateLimiterFactory(config.redisUrl, { log: logger });
  await rateLimiters.ready();
  const usage = await createLeasedUsageCounter(sql, {
    onError: (err) => logger.warn('usage not written', { error: err.message }),
  });
  const apiViews = createCachedReader(views, { viewsChanged$: projections.viewsChanged$ });
  const aiTokens = new AiTokenTally({ views, ownWritesInViews: (w) => aheadOfViews.caughtUp(w) });
  const callers = createCallerCache({
    views,
    appendedStreams$: events.appendedStreams$ ?? events.appended$.pipe(map(() => ({ streamId: '*', types: null }))),
    catchUps: projections,
  });
  const idempotency = await createSqlIdempotencyStore(sql, clock);
  const keyLastUsed = await createApiKeyLastUsed(sql, {
    clock,
    onError: (err) => logger.warn('api key last-used not written', { error: err.message }),
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });

  const codePepper = loadCodePepper({ secret: config.codeSecret, dataDir: config.dataDir });
  // Flow http calls are signed with a key derived for them alone from the same server secret.
  const signingSecrets = flowSigningSecrets(codePepper);
  const webhooks = new WebhookCommands({
    aggregates,
    reservations,
    allowHosts: config.webhookAllowHosts,
    resolver: opts.resolver,
    webhookIdsOfChatbot: async (chatbotId) => (await views.find(WEBHOOKS, { chatbotId })).map((w) => w.id),
  });
  const modelConnections = new ModelConnectionCommands({
    aggregates,
    reservations,
    allowHosts: config.llmAllowHosts,
    resolver: opts.resolver,
    cipher: createModelKeyCipher({ key: config.modelKeySecret, dataDir: config.dataDir }),
    probe: createModelConnectionProbe({
      allowHosts: config.llmAllowHosts,
      resolver: opts.resolver,
      timeoutMs: opts.modelTestTimeoutMs,
    }),
    connectionCount: (workspaceId) => views.count(MODEL_CONNECTIONS, { workspaceId }),
  });
  const chunkStore = await createSqlChunkStore(sql);

  const knowledgeLimitsOf = async (workspaceId: string) =>
    knowledgeLimitsFor(((await views.get(WORKSPACES, workspaceId))?.plan ?? 'free') as PlanName);
  const knowledgeStores: KnowledgeStores = {
    chunks: chunkStore,
    jobs: await createSqlKnowledgeJobs(sql),
    contents: await createSqlSourceContentStore(sql),
    pageBudget: await createSqlPageFetchBudget(sql, clock),
    // Pages are fetched as webhooks are sent: https, no private address unless WEBHOOK_ALLOW_HOSTS lists it.
    web: createWebPages({
      allowHosts: config.webhookAllowHosts,
      resolver: opts.resolver,
      certificateAuthority: opts.knowledgeCertificateAuthority,
    }),
    embeddings: await createSqlEmbeddingStore(sql, { clock }),
    embeddingModel: createEmbeddingModel({
      allowHosts: config.llmAllowHosts,
      resolver: opts.resolver,
      timeoutMs: config.aiTimeoutMs,
    }),
    embeddingTargets: (workspaceId) => embeddingTargetsOf(views, modelConnections, workspaceId),
    wake: wakeSignal(),
    limitsOf: knowledgeLimitsOf,
  };
  const knowledgeRetriever = createKnowledgeRetriever({
    chunks: knowledgeStores.chunks,
    // Cached: each turn's sources' titles cost no round trip until the sources' view changes.
    views: apiViews,
    embeddings: knowledgeStores.embeddings,
    embeddingModel: knowledgeStores.embeddingModel,
    embeddingTarget: (connectionId, workspaceId) => embeddingTargetOf(modelConnections, connectionId, workspaceId),
    logger,
  });
  // Visitors' turns and the dashboard playground call models the same way.
  const agentModel: AgentModelDeps = {
    chatModel: createChatModel({
      allowHosts: config.llmAllowHosts,
      resolver: opts.resolver,
      timeoutMs: config.aiTimeoutMs,
    }),
    modelTarget: (connectionId, workspaceId) => modelConnections.modelTarget(connectionId, workspaceId),
    // The plan through the cached views; the month's tokens from the tally kept in process.
    aiTokenBudget: (workspaceId, now) => aiTokenBudget(apiViews, workspaceId, now, (w, m) => aiTokens.used(w, m)),
    retriever: knowledgeRetriever,
  };
  const knowledge = new KnowledgeSourceCommands({
    aggregates,
    contents: knowledgeStores.contents,
    jobs: knowledgeStores.jobs,
    chunks: knowledgeStores.chunks,
    allowHosts: config.webhookAllowHosts,
    resolver: opts.resolver,
    limitsOf: knowledgeLimitsOf,
    async holdingsOf(workspaceId) {
      const docs = await views.find(KNOWLEDGE_SOURCES, { workspaceId });
      return { sources: docs.length, bytes: docs.reduce((n, d) => n + (d.sizeBytes ?? 0), 0) };
    },
    wake: () => knowledgeStores.wake.wake(),
  });
  const knowledgeEvaluation = new KnowledgeEvaluationCommands({
    aggregates,
    aiTokens,
    ...agentModel,
    sourceIdsOf: async (workspaceId) => (await views.find(KNOWLEDGE_SOURCES, { workspaceId })).map((d) => d.id),
  });
  const mediaStore = createFileMediaStore(join(config.dataDir, 'media'));
  const sessions = await createSqlSessionStore(sql, clock);
  const challenges = await createSqlChallengeStore(sql, clock);
  const workspaces = new WorkspaceCommands({ aggregates, reservations });
  const lookups = signInLookups(views);
  const signIn = new SignInCommands({
    lookups,
    aggregates,
    sessions,
    challenges,
    logger,
    originOf: (slug) => workspaceOrigin(slug, config),
  });
  const relyingParty = config.oidc
    ? createOidcRelyingParty(config.oidc, `${config.publicUrl}/auth/oidc/callback`)
    : null;
  const storeSessions = await createStoreSessionStore(sql, { clock });
  const storeTokens = await createStoreTokenStore(
    sql,
    createTokenCipher(() => loadTokenKey({ key: config.storefrontTokenKey, dataDir: config.dataDir })),
  );
  const services: Services = {
    config,
    logger,
    clock,
    sql,
    events,
    views,
    projections,
    aggregates,
    reservations,
    rateLimiters,
    usage,
    callers,
    apiViews,
    aheadOfViews,
    keyLastUsed,
    idempotency,
    mailer,
    mediaStore,
    workspaces,
    chatbots: new ChatbotCommands({ aggregates, webhooks, flowSigningSecrets: signingSecrets }),
    webhooks,
    modelConnections,
    knowledge,
    knowledgeStores,
    knowledgeEvaluation,
    knowledgeRetriever,
    conversations: new ConversationCommands({
      aggregates,
      aheadOfViews,
      aiTokens,
      flowSigningSecrets: signingSecrets,
      flowHttp: createFlowHttpClient({
        allowHosts: config.webhookAllowHosts,
        resolver: opts.resolver,
        certificateAuthority: opts.flowHttpCertificateAuthority,
        timeoutMs: opts.flowHttpTimeoutMs,
      }),
      ...agentModel,
    }),
    agentPreview: new AgentPreviewCommands({ aggregates, events, aheadOfViews, aiTokens, ...agentModel }),
    branding: new BrandingCommands({
      aggregates,
      reservations,
      ownOrigin: new URL(config.publicUrl).origin,
      serviceSlugs: serviceSlugsOf(config),
      clock,
    }),
    // Visitor pseudonyms are keyed from the same server secret as the codes (a key derived for them alone).
    adClicks: new AdClickCommands({ events, clock, secret: codePepper }),
    account: new AccountCommands({
      aggregates,
      reservations,
      events,
      mailer,
      logger,
      codePepper,
      workspaceName: async (id) => (await views.get(WORKSPACES, id))?.name ?? 'your workspace',
    }),
    media: new MediaCommands({ aggregates, store: mediaStore, limits: config.mediaLimits, logger }),
    sessions,
    challenges,
    storeSessions,
    storefront: new StorefrontCommands({
      aggregates,
      bigcommerce: bigCommerceClientFrom(config.bigcommerce),
      tokens: storeTokens,
      sessions: storeSessions,
      appUrl: config.appUrl,
      logger,
    }),
    signIn,
    members: new MemberCommands({
      aggregates,
      reservations,
      lookups: memberLookups(views),
      mailer,
      logger,
      loginOriginOf: async (id) => workspaceOrigin((await views.get(WORKSPACE_BRANDING, id))?.slug ?? null, config),
    }),
    memberQueries: new MemberQueries(views),
    signInLookups: lookups,
    mailSignIn: new MailSignInCommands({ signIn, challenges, lookups, mailer, logger, codePepper }),
    signup: new SignupCommands({ workspaces, reservations, challenges, mailer, logger, publicUrl: config.publicUrl }),
    oidc: new OidcSignInCommands({ relyingParty, challenges, signIn, lookups, logger }),
    async close() {
      await projections.stop();
      callers.close();
      apiViews.close();
      await usage.close();
      await keyLastUsed.close();
      await rateLimiters.close();
      await mailer.close?.();
      await events.close();
      await views.close();
      if (!opts.sql) await sql.close();
    },
  };
  return services;
}
