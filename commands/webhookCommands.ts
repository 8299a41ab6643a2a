/**
 * Webhook subscription commands. Create takes a slot on the workspace stream (plan cap) and
 * reserves chatbot+URL on a reservation stream (409), both race-safe on the event store
 * (DESIGN.md, decision 4); delete gives both back. Delivery outcomes are recorded here too, so the
 * failure streak and auto-disable are decided by the aggregate.
 */
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { workspaceStream, workspaceDecider } from '../domain/workspace/workspace.js';
import { chatbotStream, chatbotDecider } from '../domain/chatbot/chatbot.js';
import { validateWebhookUrl, webhookUrlKey } from '../domain/webhooks/webhookUrl.js';
import { generateWebhookSecret } from '../domain/webhooks/webhookSignature.js';
import { validateEventNames } from '../domain/webhooks/webhookEvents.js';
import {
  webhookStream,
  webhookDecider,
  validateRequestedStatus,
  validateWebhookDescription,
  type DeleteReason,
  type WebhookCommand,
  type WebhookEvent,
  type WebhookFields,
  type WebhookState,
} from '../domain/webhooks/webhook.js';
import {
  assertResolvesToPublicAddress,
  systemResolver,
  type Resolver,
} from '../infrastructure/webhooks/addressGuard.js';
import type { AggregateStore, HandleResult } from './aggregateStore.js';
import type { Decider, DomainEvent } from '../domain/event.js';
import type { Reservations } from './reservations.js';
import type { CommandContext } from './commandContext.js';
import { newId } from './ids.js';
import { bodyObject } from './jsonBody.js';

const RESERVATION_KIND = 'webhookurl';
const DUPLICATE_MESSAGE = 'A webhook with this URL already exists for this chatbot';
/** One endpoint, however it is spelled (fragment, empty query, default port, case, trailing dot). */
const reservationKey = (chatbotId: string, url: string) => `${chatbotId} ${webhookUrlKey(url)}`;

type WorkspaceContext = CommandContext & { workspaceId: string };

/** A webhook just created, and when. */
export interface NewWebhook {
  webhookId: string;
  secret: string;
  state: WebhookState;
  at: string;
  recovered?: false;
}
/** Or one an earlier run of the same request made (a preset id): when is the views' to say. */
export type CreatedWebhook = NewWebhook | (Omit<NewWebhook, 'at' | 'recovered'> & { at: null; recovered: true });

/**
 * The webhook as folded, with the secret its WebhookCreated carried. The aggregate's state
 * leaves the secret out (deliveries read it from the view), but a create whose answer was lost
 * must give that secret again: the one answer that shows it never reached the caller.
 */
const webhookWithSecret: Decider<never, { webhook: WebhookState; secret: string | null }, WebhookEvent> = {
  initialState: { webhook: webhookDecider.initialState, secret: null },
  evolve: (s, e) => ({
    webhook: webhookDecider.evolve(s.webhook, e),
    secret: e.type === 'WebhookCreated' ? e.data.secret : s.secret,
  }),
  decide: () => [],
};

export interface WebhookCommandsDeps {
  aggregates: AggregateStore;
  reservations: Reservations;
  allowHosts: readonly string[];
  /** DNS for the private-address check; injectable so tests need no real DNS. */
  resolver?: Resolver;
  /** The ids of a chatbot's webhooks (a query on the webhooks view). */
  webhookIdsOfChatbot(chatbotId: string): Promise<string[]>;
}

export class WebhookCommands {
  private readonly resolver: Resolver;

  constructor(private readonly deps: WebhookCommandsDeps) {
    this.resolver = deps.resolver ?? systemResolver;
  }

  /** Syntax rules, then every DNS answer of the host (a public name may point inside). */
  private async checkedUrl(raw: unknown): Promise<string> {
    const url = validateWebhookUrl(raw, this.deps.allowHosts);
    await assertResolvesToPublicAddress(new URL(url).hostname, this.deps.allowHosts, this.resolver);
    return url;
  }

  async load(webhookId: string): Promise<WebhookState> {
    return (await this.deps.aggregates.load(webhookStream(webhookId), webhookDecider)).state;
  }

  private async loadOwned(webhookId: string, workspaceId: string): Promise<WebhookState> {
    const state = await this.load(webhookId);
    if (state.status === 'none' || state.status === 'deleted' || state.workspaceId !== workspaceId)
      throw new NotFoundError('Webhook not found');
    return state;
  }

  private handle(webhookId: string, command: WebhookCommand, ctx: CommandContext) {
    return this.deps.aggregates.handle(webhookStream(webhookId), webhookDecider, command, ctx);
  }

  private async chatbotIsLive(chatbotId: string, workspaceId: string): Promise<boolean> {
    const { state } = await this.deps.aggregates.load(chatbotStream(chatbotId), chatbotDecider);
    return state.status === 'active' && state.workspaceId === workspaceId;
  }

  /**
   * `newId`: the id to give the webhook (api/external/idempotentIds.ts); when a webhook of that id
   * exists already, an earlier run of the same request made it (and its URL reservation, which
   * a second webhook would be refused), and it is answered, with its secret, as `recovered`.
   */
  create(body: unknown, ctx: WorkspaceContext): Promise<NewWebhook>;
  create(body: unknown, ctx: WorkspaceContext, opts: { newId?: string }): Promise<CreatedWebhook>;
  async create(body: unknown, ctx: WorkspaceContext, opts: { newId?: string } = {}): Promise<CreatedWebhook> {
    const b = bodyObject(body);
    if (typeof b.chatbotId !== 'string' || b.chatbotId.trim() === '')
      throw new ValidationError('chatbotId is required and must be a string', 'chatbotId');
    const chatbotId = b.chatbotId.trim();
    const urlSyntax = validateWebhookUrl(b.url, this.deps.allowHosts);
    const events = validateEventNames(b.events);
    const description = validateWebhookDescription(b.description);

    // Before the chatbot and DNS checks: what the earlier run made is the answer whatever they say now.
    const earlier = opts.newId ? await this.earlierCreate(opts.newId, ctx.workspaceId) : null;
    if (earlier) return earlier;
    if (!(await this.chatbotIsLive(chatbotId, ctx.workspaceId))) throw new NotFoundError('Chatbot not found');
    const url = await this.checkedUrl(urlSyntax);

    const webhookId = opts.newId ?? newId();
    const secret = generateWebhookSecret();
    const key = reservationKey(chatbotId, url);
    const slot = {
      streamId: workspaceStream(ctx.workspaceId),
      decider: workspaceDecider,
      command: { type: 'TakeWebhookSlot' as const, webhookId },
    };
    const create = {
      type: 'CreateWebhook' as const,
      webhookId,
      workspaceId: ctx.workspaceId,
      chatbotId,
      secret,
      url,
      events,
      description,
    };
    // The slot, the URL's reservation and the webhook in one append where the store can: one
    // round trip and one wait for the views instead of three, and nothing is ever left taken
    // for a webhook that never came.
    const together = await this.deps.aggregates.handleTogether(
      [
        slot,
        this.deps.reservations.reserveStep(RESERVATION_KIND, key, webhookId, DUPLICATE_MESSAGE),
        { streamId: webhookStream(webhookId), decider: webhookDecider, command: create, newStream: true },
      ],
      ctx,
    );
    const created =
      (together?.[2] as HandleResult<WebhookState, DomainEvent> | undefined) ??
      (await this.createStepByStep(slot, key, create, ctx));
    // The chatbot may have been deleted while this webhook was being created. Its deletion
    // lists the webhooks only after its own append, and this check runs after ours (and the
    // views include it), so one of the two always sees the other: no webhook outlives its chatbot.
    if (!(await this.chatbotIsLive(chatbotId, ctx.workspaceId))) {
      await this.remove(webhookId, 'chatbot_deleted', ctx);
      throw new NotFoundError('Chatbot not found');
    }
    return { webhookId, secret, state: created.state, at: created.occurredAt! };
  }

  /** The webhook an earlier run with this preset id made, or null when there is none. */
  private async earlierCreate(webhookId: string, workspaceId: string): Promise<CreatedWebhook | null> {
    const {
      state: { webhook, secret },
    } = await this.deps.aggregates.load(webhookStream(webhookId), webhookWithSecret);
    if (webhook.status === 'none' || secret === null) return null;
    if (webhook.status === 'deleted' || webhook.workspaceId !== workspaceId) {
      throw new ConflictError(
        'The webhook an earlier request with this Idempotency-Key created has since been deleted; use a new key',
      );
    }
    return { webhookId, secret, state: webhook, at: null, recovered: true };
  }

  /**
   * The same three steps as separate appends, for a store without appendAll (EventStoreDB) or a
   * decision that needs them one by one. Each failure gives back what was taken before it; a
   * process that dies between them leaves that to the claim reconciler.
   */
  private async createStepByStep(
    slot: { streamId: string; command: { type: 'TakeWebhookSlot'; webhookId: string } },
    key: string,
    create: Extract<WebhookCommand, { type: 'CreateWebhook' }>,
    ctx: WorkspaceContext,
  ): Promise<HandleResult<WebhookState, DomainEvent>> {
    const { webhookId } = create;
    // Only the last append's position is waited for: it comes later in the log than the others.
    await this.deps.aggregates.handle(slot.streamId, workspaceDecider, slot.command, ctx, { waitForViews: false });
    try {
      await this.deps.reservations.reserve(RESERVATION_KIND, key, webhookId, ctx, DUPLICATE_MESSAGE, {
        waitForViews: false,
      });
    } catch (err) {
      await this.releaseSlot(webhookId, ctx.workspaceId, ctx);
      throw err;
    }
    try {
      return await this.handle(webhookId, create, ctx);
    } catch (err) {
      await this.deps.reservations.release(RESERVATION_KIND, key, webhookId, ctx);
      await this.releaseSlot(webhookId, ctx.workspaceId, ctx);
      throw err;
    }
  }

  async update(webhookId: string, body: unknown, ctx: WorkspaceContext): Promise<void> {
    const b = bodyObject(body);
    const changes: Partial<WebhookFields> = {};
    if (b.url !== undefined) changes.url = validateWebhookUrl(b.url, this.deps.allowHosts);
    if (b.events !== undefined) changes.events = validateEventNames(b.events);
    if (b.description !== undefined) changes.description = validateWebhookDescription(b.description);
    const status = validateRequestedStatus(b.status);

    const current = await this.loadOwned(webhookId, ctx.workspaceId);
    const chatbotId = current.chatbotId!;
    const oldUrl = current.fields.url;
    const movesUrl = changes.url !== undefined && webhookUrlKey(changes.url) !== webhookUrlKey(oldUrl);
    if (movesUrl) {
      changes.url = await this.checkedUrl(changes.url);
      await this.deps.reservations.reserve(
        RESERVATION_KIND,
        reservationKey(chatbotId, changes.url),
        webhookId,
        ctx,
        DUPLICATE_MESSAGE,
      );
    }
    try {
      await this.handle(webhookId, { type: 'UpdateWebhook', changes, status, workspaceId: ctx.workspaceId }, ctx);
    } catch (err) {
      if (movesUrl)
        await this.deps.reservations.release(RESERVATION_KIND, reservationKey(chatbotId, changes.url!), webhookId, ctx);
      throw err;
    }
    if (movesUrl)
      await this.deps.reservations.release(RESERVATION_KIND, reservationKey(chatbotId, oldUrl), webhookId, ctx);
  }

  /** A subscriber's delete: only within its workspace. */
  /** A retry of a delete whose first attempt got through (a 503 after the write) finishes its releases, then answers 404. */
  async delete(webhookId: string, ctx: WorkspaceContext): Promise<void> {
    const state = await this.load(webhookId);
    if (state.status === 'deleted' && state.workspaceId === ctx.workspaceId) {
      await this.remove(webhookId, 'requested', ctx);
      throw new NotFoundError('Webhook not found');
    }
    await this.loadOwned(webhookId, ctx.workspaceId);
    await this.remove(webhookId, 'requested', ctx);
  }

  /**
   * Deletes a webhook and gives back its URL and plan slot, all in one append where the store
   * can (no fault between writes can leave the URL or the slot taken by a deleted webhook).
   * Idempotent (a webhook already gone is a no-op), so reactions may run it again after a restart.
   */
  async remove(webhookId: string, reason: DeleteReason, ctx: CommandContext): Promise<boolean> {
    const before = await this.load(webhookId);
    if (before.status === 'none') return false;
    const urlKey = reservationKey(before.chatbotId!, before.fields.url);
    if (before.status !== 'deleted') {
      const together = await this.deps.aggregates
        .handleTogether(
          [
            { streamId: webhookStream(webhookId), decider: webhookDecider, command: { type: 'DeleteWebhook', reason } },
            {
              streamId: workspaceStream(before.workspaceId!),
              decider: workspaceDecider,
              command: { type: 'ReleaseWebhookSlot', webhookId },
            },
            this.deps.reservations.releaseStep(RESERVATION_KIND, urlKey, webhookId),
          ],
          ctx,
        )
        .catch((err) => {
          if (err instanceof NotFoundError) return null;
          throw err;
        });
      if (together) {
        await this.deps.reservations.release(
          RESERVATION_KIND,
          `${before.chatbotId} ${before.fields.url}`,
          webhookId,
          ctx,
        );
        return true;
      }
      try {
        await this.handle(webhookId, { type: 'DeleteWebhook', reason }, ctx);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    }
    // Released even when the webhook was already deleted: an earlier run may have stopped here.
    await this.deps.reservations.release(RESERVATION_KIND, urlKey, webhookId, ctx);
    // Webhooks created before URLs were canonicalized hold the key of their spelling as written.
    await this.deps.reservations.release(RESERVATION_KIND, `${before.chatbotId} ${before.fields.url}`, webhookId, ctx);
    await this.releaseSlot(webhookId, before.workspaceId!, ctx);
    return before.status !== 'deleted';
  }

  /** A deleted chatbot takes its webhooks with it (docs/events.md). */
  async removeAllOfChatbot(chatbotId: string, ctx: CommandContext): Promise<void> {
    for (const webhookId of await this.deps.webhookIdsOfChatbot(chatbotId))
      await this.remove(webhookId, 'chatbot_deleted', ctx);
  }

  private async releaseSlot(webhookId: string, workspaceId: string, ctx: CommandContext): Promise<void> {
    await this.deps.aggregates.handle(
      workspaceStream(workspaceId),
      workspaceDecider,
      { type: 'ReleaseWebhookSlot', webhookId },
      ctx,
    );
  }

  /**
   * Sends a past delivery again as a new delivery (same payload, signed afresh when sent). The
   * aggregate decides (owned, not disabled or paused) and records the request; the dispatcher
   * turns the event into a job, so it is enqueued exactly once whichever instance reads it.
   * The caller checks that `sourceDeliveryId` is one of this webhook's logged deliveries.
   */
  async resendDelivery(
    webhookId: string,
    sourceDeliveryId: string,
    ctx: WorkspaceContext,
  ): Promise<{ deliveryId: string }> {
    const deliveryId = `dlv_${newId()}`; // the dispatcher's delivery id shape (eventFanOut)
    await this.handle(
      webhookId,
      { type: 'ResendDelivery', workspaceId: ctx.workspaceId, sourceDeliveryId, deliveryId },
      ctx,
    );
    return { deliveryId };
  }

  async recordFailure(
    webhookId: string,
    outcome: { deliveryId: string; at: string; statusCode: number | null; error: string; gone: boolean },
    ctx: CommandContext,
  ): Promise<void> {
    await this.handle(webhookId, { type: 'RecordDeliveryFailure', ...outcome }, ctx);
  }

  async recordSuccess(
    webhookId: string,
    outcome: { deliveryId: string; at: string },
    ctx: CommandContext,
  ): Promise<void> {
    await this.handle(webhookId, { type: 'RecordDeliverySuccess', ...outcome }, ctx);
  }
}
