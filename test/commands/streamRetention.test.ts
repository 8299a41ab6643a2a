/**
 * The retention by stream kind: conversations (a transcript each, one per visitor session) are
 * dropped soon after their last use; the streams that follow the customers (workspaces, chatbots,
 * model connections…) are kept far longer; anything else is dropped as soon as a conversation.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONVERSATION_IDLE_MS, SETUP_IDLE_MS, streamRetention } from '../../commands/streamRetention.js';
import { chatbotStream } from '../../domain/chatbot/chatbot.js';
import { conversationStream } from '../../domain/conversation/conversation.js';
import { knowledgeSourceStream } from '../../domain/knowledge/knowledgeSource.js';
import { membersStream } from '../../domain/member/workspaceMembers.js';
import { modelConnectionStream } from '../../domain/modelConnections/modelConnection.js';
import { reservationStream } from '../../domain/reservation.js';
import { userStream } from '../../domain/user/user.js';
import { webhookStream } from '../../domain/webhooks/webhook.js';
import { workspaceStream } from '../../domain/workspace/workspace.js';

const id = '0123456789abcdef01234567';

test('a conversation is kept only minutes after its last use', () => {
  assert.is(streamRetention.idleMs(conversationStream(id)), CONVERSATION_IDLE_MS);
});

test('workspaces, chatbots, model connections, members, knowledge sources and webhooks are kept far longer', () => {
  assert.ok(SETUP_IDLE_MS >= 10 * CONVERSATION_IDLE_MS);
  for (const stream of [
    workspaceStream(id),
    chatbotStream(id),
    modelConnectionStream(id),
    membersStream(id),
    knowledgeSourceStream(id),
    webhookStream(id),
  ])
    assert.is(streamRetention.idleMs(stream), SETUP_IDLE_MS, stream);
});

test('users and reservations (a webhook URL is not a webhook) are dropped as soon as a conversation', () => {
  for (const stream of [userStream(id), reservationStream('webhookurl', 'https://example.com/hook')])
    assert.is(streamRetention.idleMs(stream), CONVERSATION_IDLE_MS, stream);
});

test.run();
