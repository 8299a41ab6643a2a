/**
 * Recording an ad click (docs/branding.md, ad clicks). Each click is appended alone to a new
 * `adclick-<id>` stream: clicks are facts that nothing can refuse or contradict, so no
 * aggregate is folded and no click ever waits on another (a busy ad never contends on one
 * stream). The projection in projections/views/adClicksView.ts counts them.
 */
import { createHmac } from 'node:crypto';
import type { EventStore } from '../infrastructure/eventStore/eventStore.js';
import {
  AD_CLICKED,
  adClickStream,
  classifyUserAgent,
  parseVisitorId,
  type AdClickedData,
} from '../domain/workspace/adClicks.js';
import { metadataFor, type CommandContext } from './commandContext.js';
import { newId } from './ids.js';

export interface AdClickInput {
  workspaceId: string;
  mediaId: string;
  /** The `vid` query value as it came; ignored unless it is a valid visitor id. */
  vid: unknown;
  /** The client's address as the per-address limits count it (IPv4, or an IPv6 /64). */
  clientAddress: string;
  userAgent: string;
  requestId: string;
}

/** What happened to a click: recorded, or left out because a bot made it. */
export type AdClickOutcome = { recorded: true; clickId: string } | { recorded: false; reason: 'bot' };

/**
 * ua-parser-js reads at most 500 characters; the hash takes the same prefix, so a visitor
 * stays one visitor whatever junk follows.
 */
const UA_PREFIX = 500;

export class AdClickCommands {
  private readonly visitorKey: Buffer;

  constructor(private readonly deps: { events: Pick<EventStore, 'append'>; clock: () => Date; secret: string }) {
    // A key of its own, derived from the server secret, so a visitor id hash can never be
    // confused with (or help recover) anything else the secret protects.
    this.visitorKey = createHmac('sha256', deps.secret).update('confab/ad-visitor-id/v1').digest();
  }

  /**
   * The visitor a click is counted under: the page's `vid` when valid, else a pseudonym
   * keyed from address and user agent. The address itself is never stored, and without the
   * server's key the pseudonym cannot be matched back to an address.
   */
  visitorIdOf(vid: unknown, clientAddress: string, userAgent: string): string {
    const given = parseVisitorId(vid);
    if (given) return given;
    const digest = createHmac('sha256', this.visitorKey)
      .update(`${clientAddress}\n${userAgent.slice(0, UA_PREFIX)}`)
      .digest('hex');
    return `anon-${digest.slice(0, 32)}`;
  }

  async recordClick(input: AdClickInput): Promise<AdClickOutcome> {
    const client = classifyUserAgent(input.userAgent);
    if (client.bot) return { recorded: false, reason: 'bot' };
    const visitorId = this.visitorIdOf(input.vid, input.clientAddress, input.userAgent);
    const now = this.deps.clock();
    const data: AdClickedData = {
      workspaceId: input.workspaceId,
      mediaId: input.mediaId,
      visitorId,
      device: client.device,
      browser: client.browser,
      at: now.toISOString(),
    };
    // No address in the metadata either (unlike other visitor events): the pseudonym is the
    // whole trace a click leaves of who made it.
    const ctx: CommandContext = {
      actor: { type: 'visitor', id: visitorId },
      workspaceId: input.workspaceId,
      correlationId: input.requestId,
      requestId: input.requestId,
      request: { userAgent: input.userAgent.slice(0, UA_PREFIX) },
    };
    const clickId = newId();
    await this.deps.events.append(
      adClickStream(clickId),
      [{ type: AD_CLICKED, data, metadata: metadataFor(ctx, now) }],
      { expectedRevision: 'no_stream' },
    );
    return { recorded: true, clickId };
  }
}
