/**
 * The storefront app's commands (docs/storefront.md, app lifecycle): install (code exchange,
 * script registration, store record), load (a control-panel user enters), uninstall, remove_user
 * and the merchant's settings. The callbacks' JWTs are verified by the caller (api/storefront)
 * before anything here runs.
 *
 * Install order: exchange the code, register the script, keep the token, then record the store.
 * Anything failing before the record is written leaves nothing behind (a failed exchange stores
 * nothing), so the merchant can simply install again. Which storefronts the scripts reached is
 * recorded last, for the settings page; install and every load's check record it when it changed.
 */
import { randomUUID } from 'node:crypto';
import { ValidationError, UpstreamError } from '../domain/errors.js';
import { storeDecider, storeStreamId, type StoreState, type StoreUser } from '../domain/storefront/storeRecord.js';
import { extractChatbotId } from '../domain/storefront/chatbotIdInput.js';
import type { BigCommerceClient } from '../infrastructure/bigcommerce/bigCommerceClient.js';
import type { SignedPayload } from '../infrastructure/bigcommerce/bigCommerceJwt.js';
import { registerLoaderScripts, type LoaderRegistration } from '../infrastructure/bigcommerce/scriptRegistration.js';
import type { StoreTokenStore } from '../infrastructure/bigcommerce/storeTokenStore.js';
import type { StoreSessionStore } from '../infrastructure/bigcommerce/storeSessionStore.js';
import type { Logger } from '../infrastructure/logger.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';

export interface StorefrontCommandDeps {
  aggregates: AggregateStore;
  /** Null while BIGCOMMERCE_CLIENT_ID / _SECRET are unset. */
  bigcommerce: BigCommerceClient | null;
  tokens: StoreTokenStore;
  sessions: StoreSessionStore;
  appUrl: string;
  /** For what must not fail the merchant's request but must not go unnoticed either. */
  logger: Logger;
}

const CONTEXT = /^stores\/([a-z0-9]{1,64})$/;

/** The audit trail's actor: a BigCommerce control-panel user of a store (not a Confab user). */
export function bigCommerceContext(
  storeHash: string,
  userId: string | null,
  request?: CommandContext['request'],
): CommandContext {
  return {
    actor: { type: 'system', id: `bigcommerce:${storeHash}${userId ? `:${userId}` : ''}` },
    workspaceId: null,
    correlationId: randomUUID(),
    ...(request ? { request } : {}),
  };
}

function userOf(u: { id: number | string; email?: string }): StoreUser {
  return { id: String(u.id), email: typeof u.email === 'string' ? u.email : '' };
}

export class StorefrontCommands {
  constructor(private readonly deps: StorefrontCommandDeps) {}

  private client(): BigCommerceClient {
    if (!this.deps.bigcommerce)
      throw new UpstreamError(
        'The BigCommerce app is not configured on this server (BIGCOMMERCE_CLIENT_ID and BIGCOMMERCE_CLIENT_SECRET)',
        'STOREFRONT_NOT_CONFIGURED',
      );
    return this.deps.bigcommerce;
  }

  async install(
    query: { code: string; scope: string; context: string },
    request?: CommandContext['request'],
  ): Promise<{ storeHash: string; userId: string; scripts: LoaderRegistration }> {
    const client = this.client();
    const asked = CONTEXT.exec(query.context)?.[1];
    if (!asked) throw new ValidationError('context must be stores/<store hash>', 'context');
    const token = await client.exchangeCode({
      code: query.code,
      scope: query.scope,
      context: query.context,
      redirectUri: `${this.deps.appUrl}/auth`,
    });
    const storeHash = CONTEXT.exec(token.context)?.[1];
    if (storeHash !== asked)
      throw new UpstreamError('BigCommerce answered the token exchange for another store', 'BIGCOMMERCE_REFUSED');
    const scripts = await registerLoaderScripts(client, this.deps.appUrl, storeHash, token.access_token);
    await this.deps.tokens.save(storeHash, token.access_token);
    const installedBy = userOf(token.user);
    const context = bigCommerceContext(storeHash, installedBy.id, request);
    await this.deps.aggregates.handle(
      storeStreamId(storeHash),
      storeDecider,
      {
        type: 'Install',
        storeHash,
        scope: token.scope ?? query.scope,
        installedBy,
        ownerId: token.owner ? String(token.owner.id) : null,
      },
      context,
    );
    // The store is installed and its scripts are placed: a failure here must not send the merchant
    // to an error page. The record then still differs from what the next load finds, so that
    // load records it; until then the settings page shows the coverage recorded before.
    await this.recordCoverage(storeHash, scripts, context).catch((err: Error) => {
      this.deps.logger.warn('storefront loader coverage not recorded on install; the next load records it', {
        storeHash,
        error: String(err?.message).slice(0, 200),
      });
    });
    return { storeHash, userId: installedBy.id, scripts };
  }

  private async recordCoverage(storeHash: string, r: LoaderRegistration, context: CommandContext): Promise<void> {
    const command = {
      type: 'RecordLoaderCoverage' as const,
      channels: r.scripts.map((s) => s.channelId),
      leftOut: r.leftOut,
      refusedByPlatform: r.refusedByPlatform,
      channelsRead: r.channelsRead,
    };
    await this.deps.aggregates.handle(storeStreamId(storeHash), storeDecider, command, context);
  }

  /** A verified load: the user may use the app of an installed store (404 STORE_NOT_INSTALLED otherwise). */
  async load(payload: SignedPayload, request?: CommandContext['request']): Promise<void> {
    await this.deps.aggregates.handle(
      storeStreamId(payload.storeHash),
      storeDecider,
      { type: 'AdmitUser', user: payload.user },
      bigCommerceContext(payload.storeHash, payload.user.id, request),
    );
  }

  /**
   * Puts the loader scripts back where they are gone or edited (the merchant deleted one in
   * Script Manager, a storefront was added or archived): BigCommerce's advice for the load
   * callback. Cheap when all is well: two reads (channels, scripts) and no write, not even to
   * the store record. A store without a token (not installed here) is left alone: null.
   */
  async repairScripts(storeHash: string): Promise<LoaderRegistration | null> {
    const token = await this.deps.tokens.get(storeHash);
    if (!token) return null;
    const scripts = await registerLoaderScripts(this.client(), this.deps.appUrl, storeHash, token);
    await this.recordCoverage(storeHash, scripts, bigCommerceContext(storeHash, null));
    return scripts;
  }

  async uninstall(payload: SignedPayload, request?: CommandContext['request']): Promise<void> {
    await this.deps.aggregates.handle(
      storeStreamId(payload.storeHash),
      storeDecider,
      { type: 'Uninstall' },
      bigCommerceContext(payload.storeHash, payload.user.id, request),
    );
    // The token is forgotten and every open settings page closed, whatever the record said.
    await this.deps.tokens.delete(payload.storeHash);
    await this.deps.sessions.endStore(payload.storeHash);
  }

  /** remove_user: the payload's user lost access to the app (multi-user stores). */
  async removeUser(payload: SignedPayload, request?: CommandContext['request']): Promise<void> {
    await this.deps.aggregates.handle(
      storeStreamId(payload.storeHash),
      storeDecider,
      { type: 'RemoveUser', userId: payload.user.id },
      bigCommerceContext(payload.storeHash, payload.user.id, request),
    );
    await this.deps.sessions.endUser(payload.storeHash, payload.user.id);
  }

  /** The settings the app saves; the chatbot id is extracted from a bare id, an embed snippet or a dashboard URL. */
  async saveSettings(
    storeHash: string,
    userId: string,
    body: { chatbotId?: unknown; enabled?: unknown },
    request?: CommandContext['request'],
  ): Promise<StoreState> {
    const chatbotId = extractChatbotId(body.chatbotId);
    if (!chatbotId) {
      throw new ValidationError(
        "chatbotId: no Chatbot ID found. Paste the 24-character ID, the embed snippet or the chatbot's dashboard address.",
        'chatbotId',
        'CHATBOT_ID_INVALID',
      );
    }
    if (typeof body.enabled !== 'boolean') throw new ValidationError('enabled must be true or false', 'enabled');
    const { state } = await this.deps.aggregates.handle(
      storeStreamId(storeHash),
      storeDecider,
      { type: 'ChangeSettings', chatbotId, enabled: body.enabled },
      bigCommerceContext(storeHash, userId, request),
    );
    return state;
  }
}
