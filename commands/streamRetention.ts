/**
 * How long this process remembers a stream's state (CachingStreamLoader), by the stream's kind
 * (its name's prefix, `<type>-<id>`). What a remembered state costs and saves differs by kind:
 *
 * - A conversation's state holds its whole transcript (the agent's model reads it), there is one
 *   per visitor session, and visitors leave without ending their chats: kept while in use only
 *   (a visitor's pause between two messages is far shorter than CONVERSATION_IDLE_MS), else
 *   memory follows every visitor who ever chatted instead of those chatting now. Resuming after
 *   a longer pause reads the stream once more: tens of events.
 * - A workspace, chatbot (with its versions), model connection, member list, knowledge source,
 *   evaluation, webhook or store record: their number follows the customers, not the visitors,
 *   and a workspace's stream grows with everything in it, so reading it again from its first
 *   event is what the cache is for. Kept for SETUP_IDLE_MS, so a quiet workspace does not pay a
 *   full read on each return, and the bounds below hold memory under load.
 * - Anything else (users, API keys, reservations, ad clicks): small, and mostly written once or
 *   rarely: the short idle time, so one-off streams do not crowd out the ones above.
 *
 * The bounds hold whatever the idle times: at most MAX_STREAMS states, and at most MAX_EVENTS
 * events folded into them in all (a state's weight is its stream's length, which follows what a
 * transcript holds: ~5 KB for a conversation of ten messages, ~30 events), least recently used
 * dropped first.
 */
import { chatbotStream } from '../domain/chatbot/chatbot.js';
import { conversationStream } from '../domain/conversation/conversation.js';
import { evaluationStream } from '../domain/knowledge/evaluation.js';
import { knowledgeSourceStream } from '../domain/knowledge/knowledgeSource.js';
import { membersStream } from '../domain/member/workspaceMembers.js';
import { modelConnectionStream } from '../domain/modelConnections/modelConnection.js';
import { storeStreamId } from '../domain/storefront/storeRecord.js';
import { webhookStream } from '../domain/webhooks/webhook.js';
import { workspaceStream } from '../domain/workspace/workspace.js';

/** What CachingStreamLoader keeps, and for how long. */
export interface StreamRetention {
  /** How long the state of `streamId` may go unused before it is dropped (Infinity: only the bounds drop it). */
  idleMs(streamId: string): number;
  /** Most states kept at once. */
  maxStreams: number;
  /** Most events folded into the kept states, in all (a state weighs its stream's length). */
  maxEvents: number;
}

export const CONVERSATION_IDLE_MS = 3 * 60_000;
export const SETUP_IDLE_MS = 60 * 60_000;
const OTHER_IDLE_MS = CONVERSATION_IDLE_MS;

/** The kinds kept for SETUP_IDLE_MS, by the prefix their stream names start with. */
const SETUP_PREFIXES = [
  workspaceStream(''),
  chatbotStream(''),
  modelConnectionStream(''),
  membersStream(''),
  knowledgeSourceStream(''),
  evaluationStream(''),
  webhookStream(''),
  storeStreamId(''),
];

export const streamRetention: StreamRetention = {
  idleMs(streamId) {
    if (streamId.startsWith(conversationStream(''))) return CONVERSATION_IDLE_MS;
    return SETUP_PREFIXES.some((prefix) => streamId.startsWith(prefix)) ? SETUP_IDLE_MS : OTHER_IDLE_MS;
  },
  maxStreams: 10_000,
  maxEvents: 200_000,
};
