/**
 * Model connection commands (docs/ai-agents.md, Model connections). The API key is encrypted
 * here, bound to the connection id, before any event is made: the log only ever holds its
 * ciphertext. Names are unique per workspace (case-insensitive) on a reservation stream (409,
 * race-safe); the cap counts the workspace's connections in the view, so two creates at the
 * very same moment may pass it by one, which is harmless for a soft limit.
 */
import { ConflictError, NotFoundError, PlanLimitError } from '../domain/errors.js';
import {
  type ModelConnectionCommand,
  type ModelConnectionFields,
  type ModelConnectionState,
  modelConnectionDecider,
  modelConnectionStream,
} from '../domain/modelConnections/modelConnection.js';
import {
  MAX_MODEL_CONNECTIONS,
  validateApiKey,
  validateConnectionName,
  validateEmbeddingModel,
  validateModelBaseUrl,
  validateModelName,
} from '../domain/modelConnections/modelConnectionFields.js';
import { modelKeyBinding } from '../infrastructure/ai/modelKeyCipher.js';
import type { ConnectionTestResult, ModelConnectionProbe } from '../infrastructure/ai/modelConnectionProbe.js';
import type { TokenCipher } from '../infrastructure/secrets/tokenCipher.js';
import {
  assertResolvesToPublicAddress,
  systemResolver,
  type Resolver,
} from '../infrastructure/webhooks/addressGuard.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import { newId } from './ids.js';
import { bodyObject } from './jsonBody.js';
import type { Reservations } from './reservations.js';

const RESERVATION_KIND = 'modelconnectionname';
const DUPLICATE_MESSAGE = 'A model connection with this name already exists in this workspace';
const nameKey = (workspaceId: string, name: string) => `${workspaceId} ${name.toLowerCase()}`;

type WorkspaceContext = CommandContext & { workspaceId: string };

/** A connection as created, and when (null: an earlier run of the same request made it). */
export interface CreatedModelConnection {
  connectionId: string;
  state: ModelConnectionState;
  at: string | null;
  recovered?: boolean;
}

export interface ModelConnectionCommandsDeps {
  aggregates: AggregateStore;
  reservations: Reservations;
  allowHosts: readonly string[];
  cipher: TokenCipher;
  probe: ModelConnectionProbe;
  /** How many connections the workspace holds now (a count on the view). */
  connectionCount(workspaceId: string): Promise<number>;
  /** DNS for the private-address check; injectable so tests need no real DNS. */
  resolver?: Resolver;
}

export class ModelConnectionCommands {
  private readonly resolver: Resolver;

  constructor(private readonly deps: ModelConnectionCommandsDeps) {
    this.resolver = deps.resolver ?? systemResolver;
  }

  /** Syntax rules, then every DNS answer of the host (a public name may point inside). */
  private async checkedBaseUrl(raw: unknown): Promise<string> {
    const baseUrl = validateModelBaseUrl(raw, this.deps.allowHosts);
    await assertResolvesToPublicAddress(new URL(baseUrl).hostname, this.deps.allowHosts, this.resolver, 'baseUrl');
    return baseUrl;
  }

  async load(connectionId: string): Promise<ModelConnectionState> {
    return (await this.deps.aggregates.load(modelConnectionStream(connectionId), modelConnectionDecider)).state;
  }

  private async loadOwned(connectionId: string, workspaceId: string): Promise<ModelConnectionState> {
    const state = await this.load(connectionId);
    if (state.status !== 'active' || state.workspaceId !== workspaceId)
      throw new NotFoundError('Model connection not found');
    return state;
  }

  private handle(connectionId: string, command: ModelConnectionCommand, ctx: CommandContext) {
    return this.deps.aggregates.handle(modelConnectionStream(connectionId), modelConnectionDecider, command, ctx);
  }

  /**
   * `newId`: the id the request's Idempotency-Key implies (api/external/idempotentIds.ts); a
   * connection of that id in this workspace was made by an earlier run and is answered again.
   */
  async create(body: unknown, ctx: WorkspaceContext, opts: { newId?: string } = {}): Promise<CreatedModelConnection> {
    const b = bodyObject(body);
    const name = validateConnectionName(b.name);
    const baseUrlSyntax = validateModelBaseUrl(b.baseUrl, this.deps.allowHosts);
    const apiKey = validateApiKey(b.apiKey);
    const chatModel = validateModelName(b.chatModel, 'chatModel');
    const embeddingModel = validateEmbeddingModel(b.embeddingModel);

    if (opts.newId) {
      const earlier = await this.load(opts.newId);
      if (earlier.status === 'active' && earlier.workspaceId === ctx.workspaceId)
        return { connectionId: opts.newId, state: earlier, at: null, recovered: true };
      if (earlier.status !== 'none')
        throw new ConflictError(
          'The model connection an earlier request with this Idempotency-Key created has since been deleted; use a new key',
        );
    }
    if ((await this.deps.connectionCount(ctx.workspaceId)) >= MAX_MODEL_CONNECTIONS)
      throw new PlanLimitError(
        `A workspace can hold at most ${MAX_MODEL_CONNECTIONS} model connections; delete one you no longer use`,
      );
    const baseUrl = await this.checkedBaseUrl(baseUrlSyntax);

    const connectionId = opts.newId ?? newId();
    const key = nameKey(ctx.workspaceId, name);
    await this.deps.reservations.reserve(RESERVATION_KIND, key, connectionId, ctx, DUPLICATE_MESSAGE, {
      waitForViews: false,
    });
    try {
      const created = await this.handle(
        connectionId,
        {
          type: 'CreateModelConnection',
          connectionId,
          workspaceId: ctx.workspaceId,
          apiKeyCiphertext: this.deps.cipher.encrypt(apiKey, modelKeyBinding(connectionId)),
          name,
          baseUrl,
          chatModel,
          embeddingModel,
        },
        ctx,
      );
      return { connectionId, state: created.state, at: created.occurredAt ?? null };
    } catch (err) {
      await this.deps.reservations.release(RESERVATION_KIND, key, connectionId, ctx);
      throw err;
    }
  }

  async update(connectionId: string, body: unknown, ctx: WorkspaceContext): Promise<void> {
    const b = bodyObject(body);
    const changes: Partial<ModelConnectionFields> = {};
    if (b.name !== undefined) changes.name = validateConnectionName(b.name);
    if (b.baseUrl !== undefined) changes.baseUrl = validateModelBaseUrl(b.baseUrl, this.deps.allowHosts);
    if (b.chatModel !== undefined) changes.chatModel = validateModelName(b.chatModel, 'chatModel');
    // null clears the embedding model; absent leaves it.
    if (b.embeddingModel !== undefined) changes.embeddingModel = validateEmbeddingModel(b.embeddingModel);
    const apiKey = b.apiKey === undefined ? undefined : validateApiKey(b.apiKey);

    const current = await this.loadOwned(connectionId, ctx.workspaceId);
    if (changes.baseUrl !== undefined && changes.baseUrl !== current.fields.baseUrl)
      changes.baseUrl = await this.checkedBaseUrl(changes.baseUrl);
    const oldKey = nameKey(ctx.workspaceId, current.fields.name);
    const newKey = changes.name === undefined ? oldKey : nameKey(ctx.workspaceId, changes.name);
    const renames = newKey !== oldKey;
    if (renames)
      await this.deps.reservations.reserve(RESERVATION_KIND, newKey, connectionId, ctx, DUPLICATE_MESSAGE, {
        waitForViews: false,
      });
    try {
      await this.handle(
        connectionId,
        {
          type: 'UpdateModelConnection',
          workspaceId: ctx.workspaceId,
          changes,
          ...(apiKey === undefined
            ? {}
            : { apiKeyCiphertext: this.deps.cipher.encrypt(apiKey, modelKeyBinding(connectionId)) }),
        },
        ctx,
      );
    } catch (err) {
      if (renames) await this.deps.reservations.release(RESERVATION_KIND, newKey, connectionId, ctx);
      throw err;
    }
    if (renames) await this.deps.reservations.release(RESERVATION_KIND, oldKey, connectionId, ctx);
  }

  async delete(connectionId: string, ctx: WorkspaceContext): Promise<void> {
    const current = await this.loadOwned(connectionId, ctx.workspaceId);
    await this.handle(connectionId, { type: 'DeleteModelConnection', workspaceId: ctx.workspaceId }, ctx);
    await this.deps.reservations.release(
      RESERVATION_KIND,
      nameKey(ctx.workspaceId, current.fields.name),
      connectionId,
      ctx,
    );
  }

  /** Decrypts the key a connection stored; throws when this server's key cannot read it. */
  private storedKey(state: { apiKeyCiphertext?: string | null }, connectionId: string): string {
    return this.deps.cipher.decrypt(state.apiKeyCiphertext!, modelKeyBinding(connectionId));
  }

  /** The stored key in clear, for a call to the provider; never for an answer. */
  async apiKeyOf(connectionId: string, workspaceId: string): Promise<string> {
    const state = await this.loadOwned(connectionId, workspaceId);
    return this.storedKey(state, connectionId);
  }

  /**
   * Where an agent of the workspace calls its model; null when the connection is gone (or
   * another workspace's) or its stored key cannot be read, which the agent's turn reports.
   */
  async modelTarget(
    connectionId: string,
    workspaceId: string,
  ): Promise<{ baseUrl: string; apiKey: string; chatModel: string } | null> {
    const state = await this.load(connectionId);
    if (state.status !== 'active' || state.workspaceId !== workspaceId) return null;
    try {
      const apiKey = this.storedKey(state, connectionId);
      return { baseUrl: state.fields.baseUrl, apiKey, chatModel: state.fields.chatModel };
    } catch {
      return null;
    }
  }

  /** Asks the provider whether the key and the models work; answers what it said in plain words. */
  async test(connectionId: string, ctx: WorkspaceContext): Promise<ConnectionTestResult> {
    const state = await this.loadOwned(connectionId, ctx.workspaceId);
    let apiKey: string;
    try {
      apiKey = this.storedKey(state, connectionId);
    } catch {
      return {
        ok: false,
        error:
          "The stored API key cannot be read with this server's key (MODEL_KEY_SECRET or DATA_DIR/model-key-secret changed); enter the key again",
      };
    }
    return this.deps.probe.test({ ...state.fields, apiKey });
  }
}
