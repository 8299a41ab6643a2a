/**
 * The merchant's settings (CONTRACT §7): GET/PUT {app_url}/api/settings with the store session,
 * and GET {app_url}/api/chatbot?input= so the page can say which chatbot a pasted text names
 * before it is saved. Answers carry `chatbot`: whether the id exists and is enabled.
 */
import type { Router } from 'express';
import { extractChatbotId } from '../../domain/storefront/chatbotIdInput.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { StorefrontApiDeps } from './storefrontApiDeps.js';
import { requireStoreSession, signedInStoreOf } from './storeSessionAuth.js';
import { CHATBOT_STATUS_SCHEMA, chatbotStatus } from './chatbotStatus.js';

const TAGS = ['Storefront app'];
const SETTINGS_SCHEMA = {
  type: 'object',
  required: ['storeHash', 'chatbotId', 'enabled', 'chatbot'],
  properties: { storeHash: { type: 'string' }, chatbotId: { type: 'string', nullable: true }, enabled: { type: 'boolean' }, chatbot: CHATBOT_STATUS_SCHEMA },
};

export function settingsRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: StorefrontApiDeps): void {
  const session = requireStoreSession(deps);

  addRoute(router, registry, mount, {
    method: 'get', path: '/api/settings', summary: 'The store\'s Chatbot ID and enabled switch (store session cookie confab_store_session)', tags: TAGS, security: 'none',
    responses: { 200: { description: 'The settings', schema: SETTINGS_SCHEMA } },
  }, async ({ res }) => {
    const { store } = signedInStoreOf(res);
    return { body: { storeHash: store.storeHash, chatbotId: store.chatbotId, enabled: store.enabled, chatbot: await chatbotStatus(deps.views, store.chatbotId) } };
  }, session);

  addRoute(router, registry, mount, {
    method: 'put', path: '/api/settings', summary: 'Saves the Chatbot ID (a bare id, an embed snippet or a dashboard URL) and the enabled switch; needs X-CSRF-Token', tags: TAGS, security: 'none',
    body: {
      type: 'object', required: ['chatbotId', 'enabled'], additionalProperties: false,
      properties: { chatbotId: { type: 'string', maxLength: 10000 }, enabled: { type: 'boolean' } },
    },
    responses: { 200: { description: 'Saved', schema: SETTINGS_SCHEMA } },
  }, async ({ body, res }) => {
    const signedIn = signedInStoreOf(res);
    const state = await deps.commands.saveSettings(signedIn.storeHash, signedIn.userId, body, { ip: res.locals.clientIp, userAgent: res.locals.userAgent });
    return { body: { storeHash: signedIn.storeHash, chatbotId: state.chatbotId, enabled: state.enabled, chatbot: await chatbotStatus(deps.views, state.chatbotId) } };
  }, session);

  addRoute(router, registry, mount, {
    method: 'get', path: '/api/chatbot', summary: 'Which chatbot a pasted id, snippet or URL names, and whether it exists and is enabled', tags: TAGS, security: 'none',
    query: { type: 'object', required: ['input'], properties: { input: { type: 'string', maxLength: 10000 } } },
    responses: { 200: { description: 'chatbotId null when the text holds no id', schema: { type: 'object', properties: { chatbotId: { type: 'string', nullable: true }, chatbot: CHATBOT_STATUS_SCHEMA } } } },
  }, async ({ query }) => {
    const chatbotId = extractChatbotId(query.input);
    return { body: { chatbotId, chatbot: await chatbotStatus(deps.views, chatbotId) } };
  }, session);
}
