/**
 * A visitor's chat through the public chat API, for tests against a test app: a chatbot to chat
 * with (made with the workspace's API key), a session started, a message sent.
 */
import * as assert from 'uvu/assert';
import type { TestApp } from './testApp.js';

export const EXT = '/api/v1/external/v1';
export const CHAT = '/api/v1/chat';

/** A chatbot of the workspace: `fields` is its name, or the create body (name 'Support bot' unless given). */
export async function newChatbot(
  app: TestApp,
  apiKey: string,
  fields: string | Record<string, unknown> = {},
): Promise<string> {
  const body = typeof fields === 'string' ? { name: fields } : { name: 'Support bot', ...fields };
  const r = await app.api('POST', `${EXT}/chatbots`, { apiKey, body });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id;
}

/** A visitor starts a chat with the chatbot (conversation.started); answers the session's id. */
export async function startConversation(app: TestApp, chatbotId: string): Promise<string> {
  const r = await app.api('POST', `${CHAT}/${chatbotId}/sessions`, { body: {} });
  assert.is(r.status, 201, JSON.stringify(r.body));
  return r.body.sessionId;
}

/** The visitor's message (any JSON, for the bad ones), answered as the API answers it: the test checks the status. */
export const say = (app: TestApp, chatbotId: string, sessionId: string, message: unknown) =>
  app.api('POST', `${CHAT}/${chatbotId}/sessions/${sessionId}/messages`, { body: { message } });
