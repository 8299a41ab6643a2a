/**
 * The secret a chatbot's flow signs its http steps' calls with (docs/flows.md, http steps): one
 * per chatbot, derived from the server secret, so it needs no storage, is the same on every
 * instance and is shown to the workspace through its own endpoint. A receiver verifies it as a
 * webhook signature (docs/events.md, Signatures).
 */
import { createHmac } from 'node:crypto';

export type FlowSigningSecrets = (chatbotId: string) => string;

export function flowSigningSecrets(serverSecret: string): FlowSigningSecrets {
  return (chatbotId) => createHmac('sha256', serverSecret).update(`flow-http-signing:${chatbotId}`).digest('hex');
}
