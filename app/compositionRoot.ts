/**
 * Composition root (DESIGN.md §11): the one place that picks adapters for the ports from the
 * configuration and wires them with tsyringe. Everything else receives `Services`.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { Subject } from 'rxjs';
import type { Config } from '../infrastructure/config.js';
import { createLogger, type Logger } from '../infrastructure/logger.js';
import type { SqlClient } from '../infrastructure/sql/sqlClient.js';
import { createPgSqlClient } from '../infrastructure/sql/pgSqlClient.js';
import { createPgliteSqlClient } from '../infrastructure/sql/pgliteSqlClient.js';
import { lockDataDir } from '../infrastructure/sql/dataDirLock.js';
import type { EventStore } from '../infrastructure/eventStore/eventStore.js';
import { PostgresEventStore } from '../infrastructure/eventStore/postgresEventStore.js';
import type { ReadStore } from '../infrastructure/readStore/readStore.js';
import { PostgresReadStore } from '../infrastructure/readStore/postgresReadStore.js';
import { createRateLimiterFactory, type RateLimiterFactory } from '../infrastructure/rateLimit/rateLimiter.js';
import { createSqlUsageCounter, type UsageCounter } from '../infrastructure/usage/usageCounter.js';
import { createMailer, type Mailer } from '../infrastructure/mail/mailer.js';
import { ProjectionRunner } from '../projections/projectionRunner.js';
import { allProjections } from '../projections/allProjections.js';
import { AggregateStore } from '../commands/aggregateStore.js';
import { Reservations } from '../commands/reservations.js';
import { WorkspaceCommands } from '../commands/workspaceCommands.js';
import { ChatbotCommands } from '../commands/chatbotCommands.js';

export const TOKENS = {
  Config: 'Config',
  Logger: 'Logger',
  Sql: 'SqlClient',
  EventStore: 'EventStore',
  ReadStore: 'ReadStore',
  Projections: 'ProjectionRunner',
  Aggregates: 'AggregateStore',
  Reservations: 'Reservations',
  WorkspaceCommands: 'WorkspaceCommands',
  ChatbotCommands: 'ChatbotCommands',
  RateLimiters: 'RateLimiterFactory',
  Usage: 'UsageCounter',
  Mailer: 'Mailer',
} as const;

export interface Services {
  config: Config;
  logger: Logger;
  sql: SqlClient;
  events: EventStore;
  views: ReadStore;
  projections: ProjectionRunner;
  aggregates: AggregateStore;
  reservations: Reservations;
  workspaces: WorkspaceCommands;
  chatbots: ChatbotCommands;
  rateLimiters: RateLimiterFactory;
  usage: UsageCounter;
  mailer: Mailer;
  clock: () => Date;
  close(): Promise<void>;
}

export interface ContainerOptions {
  /** Use this SQL client instead of opening one from the config (tests). */
  sql?: SqlClient;
  logger?: Logger;
  clock?: () => Date;
}

async function openSql(config: Config): Promise<SqlClient> {
  if (config.databaseUrl) return createPgSqlClient({ connectionString: config.databaseUrl });
  mkdirSync(config.dataDir, { recursive: true });
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

async function openEventStore(config: Config, sql: SqlClient): Promise<EventStore & { appended$?: Subject<void> }> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('../infrastructure/eventStore/eventStoreDbEventStore.js');
    return (EventStoreDbEventStore as unknown as { create(url: string): Promise<EventStore> }).create(config.eventStoreUrl);
  }
  return PostgresEventStore.create(sql);
}

async function openReadStore(config: Config, sql: SqlClient): Promise<ReadStore> {
  if (config.mongodbUrl) {
    const { MongoReadStore } = await import('../infrastructure/readStore/mongoReadStore.js');
    return (MongoReadStore as unknown as { create(url: string): Promise<ReadStore> }).create(config.mongodbUrl);
  }
  return PostgresReadStore.create(sql);
}

export async function createContainer(config: Config, opts: ContainerOptions = {}): Promise<Services> {
  const c: DependencyContainer = rootContainer.createChildContainer();
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? (() => new Date());
  const sql = opts.sql ?? (await openSql(config));
  const events = await openEventStore(config, sql);
  const views = await openReadStore(config, sql);
  const projections = new ProjectionRunner(events, views, allProjections, logger, events.appended$);
  await projections.init();
  const aggregates = new AggregateStore(events, (p) => projections.waitFor(p).catch((err) => {
    logger.warn('views did not catch up in time', { error: (err as Error).message });
  }), clock);
  const reservations = new Reservations(aggregates);

  c.register(TOKENS.Config, { useValue: config });
  c.register(TOKENS.Logger, { useValue: logger });
  c.register(TOKENS.Sql, { useValue: sql });
  c.register(TOKENS.EventStore, { useValue: events });
  c.register(TOKENS.ReadStore, { useValue: views });
  c.register(TOKENS.Projections, { useValue: projections });
  c.register(TOKENS.Aggregates, { useValue: aggregates });
  c.register(TOKENS.Reservations, { useValue: reservations });
  c.register(TOKENS.WorkspaceCommands, { useFactory: (d) => new WorkspaceCommands(d.resolve(TOKENS.Aggregates), d.resolve(TOKENS.Reservations)) });
  c.register(TOKENS.ChatbotCommands, { useFactory: (d) => new ChatbotCommands(d.resolve(TOKENS.Aggregates)) });
  c.register(TOKENS.RateLimiters, { useValue: createRateLimiterFactory(config.redisUrl) });
  c.register(TOKENS.Usage, { useValue: await createSqlUsageCounter(sql) });
  c.register(TOKENS.Mailer, { useValue: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }) });

  const services: Services = {
    config,
    logger,
    sql,
    events,
    views,
    projections,
    aggregates,
    reservations,
    workspaces: c.resolve(TOKENS.WorkspaceCommands),
    chatbots: c.resolve(TOKENS.ChatbotCommands),
    rateLimiters: c.resolve(TOKENS.RateLimiters),
    usage: c.resolve(TOKENS.Usage),
    mailer: c.resolve(TOKENS.Mailer),
    clock,
    async close() {
      await projections.stop();
      await services.rateLimiters.close();
      await services.mailer.close?.();
      await events.close();
      await views.close();
      if (!opts.sql) await sql.close();
    },
  };
  return services;
}
