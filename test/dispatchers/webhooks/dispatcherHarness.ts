/**
 * A service container on an isolated store, a real HTTPS receiver on 127.0.0.1, and helpers to
 * create webhooks and append conversation events the way the chat API does. The dispatcher is
 * started by each test with short polls and the receiver's CA.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../infrastructure/config.js';
import { createServices, type Services } from '../../../app/compositionRoot.js';
import { webhookDispatcherDeps } from '../../../app/backgroundWorkers.js';
import { createLogger } from '../../../infrastructure/logger.js';
import type { SqlClient } from '../../../infrastructure/sql/sqlClient.js';
import { metadataFor, operatorContext, type CommandContext } from '../../../commands/commandContext.js';
import type { WebhookCommands } from '../../../commands/webhookCommands.js';
import { newId } from '../../../commands/ids.js';
import {
  startWebhookDispatcher,
  type RunningWebhookDispatcher,
  type WebhookDispatcherDeps,
  type WebhookDispatcherOptions,
} from '../../../dispatchers/webhooks/webhookDispatcher.js';
import type { Resolver } from '../../../infrastructure/webhooks/addressGuard.js';
import { createTestSql, type TestSql } from '../../support/testStores.js';
import { startHttpsReceiver, type HttpsReceiver } from '../../support/httpsReceiver.js';

export interface Harness {
  services: Services;
  store: TestSql;
  receiver: HttpsReceiver;
  commands: WebhookCommands;
  workspaceId: string;
  ctx: CommandContext & { workspaceId: string };
  newChatbot(name?: string): Promise<string>;
  createWebhook(body: Record<string, unknown>): Promise<{ webhookId: string; secret: string }>;
  /** `adjust` changes what the dispatcher is given (a slow outcome recorder, a failing store). */
  startDispatcher(
    opts?: WebhookDispatcherOptions,
    services?: Services,
    adjust?: (deps: WebhookDispatcherDeps) => WebhookDispatcherDeps,
  ): Promise<RunningWebhookDispatcher>;
  /** Opens another container on the same database, as a second process would. */
  anotherServices(): Promise<Services>;
  append(
    chatbotId: string,
    type: string,
    data: Record<string, unknown>,
    sessionId?: string,
  ): Promise<{ sessionId: string; occurredAt: string }>;
  attempts(webhookId?: string): Promise<Array<Record<string, any>>>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}, resolver?: Resolver): Promise<Harness> {
  const config = loadConfig({
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_DELAYS_MS: '100,100,100',
    WEBHOOK_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'error',
    ...env,
  });
  const store = await createTestSql();
  const logger = createLogger('error');
  const services = await createServices(config, { sql: store.sql, logger, resolver });
  services.projections.start();
  const receiver = await startHttpsReceiver();
  const commands = services.webhooks;
  const { workspaceId } = await services.workspaces.createWorkspace(
    { name: 'Hooks', plan: 'enterprise', ownerEmail: `o-${newId()}@example.com` },
    operatorContext(),
  );
  const ctx = { ...operatorContext(workspaceId), workspaceId };
  const dispatchers: RunningWebhookDispatcher[] = [];
  const extra: Array<{ services: Services; sql: SqlClient }> = [];

  return {
    services,
    store,
    receiver,
    commands,
    workspaceId,
    ctx,
    async newChatbot(name = 'Support bot') {
      return (await services.chatbots.create({ name }, ctx)).chatbotId;
    },
    createWebhook: (body) => commands.create(body, ctx),
    async startDispatcher(opts = {}, on = services, adjust = (deps) => deps) {
      const d = await startWebhookDispatcher(adjust(webhookDispatcherDeps(on)), {
        eventPollMs: 20,
        deliveryPollMs: 20,
        certificateAuthority: receiver.caPem,
        resolver,
        ...opts,
      });
      dispatchers.push(d);
      return d;
    },
    async anotherServices() {
      const sql = await store.another();
      const other = sql === store.sql ? services : await createServices(config, { sql, logger, resolver });
      if (other !== services) {
        other.projections.start();
        extra.push({ services: other, sql });
      }
      return other;
    },
    async append(chatbotId, type, data, sessionId = newId()) {
      const ctxVisitor: CommandContext = {
        actor: { type: 'visitor', id: 'v1' },
        workspaceId,
        correlationId: randomUUID(),
      };
      const metadata = metadataFor(ctxVisitor, new Date());
      await services.events.append(`conversation-${sessionId}`, [
        { type, data: { sessionId, chatbotId, workspaceId, ...data }, metadata },
      ]);
      return { sessionId, occurredAt: metadata.occurredAt };
    },
    async attempts(webhookId) {
      const { rows } = await services.sql.query<Record<string, any>>(
        `SELECT * FROM webhook_delivery_attempts ${webhookId ? 'WHERE webhook_id = $1' : ''} ORDER BY id`,
        webhookId ? [webhookId] : [],
      );
      return rows;
    },
    async close() {
      await Promise.all(dispatchers.map((d) => d.stop()));
      await receiver.close();
      for (const e of extra) await e.services.close();
      await services.close();
      await store.cleanup();
    },
  };
}
