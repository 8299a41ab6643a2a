/**
 * The merchant's settings (docs/storefront.md): GET/PUT {app_url}/api/settings with the store session,
 * and GET {app_url}/api/chatbot?input= so the page can say which chatbot a pasted text names
 * before it is saved. Answers carry `chatbot`: whether the id exists and is enabled, and `loader`:
 * which storefronts the loader script reached at the last check (null before the first), so the
 * page can say when the chat is not on every storefront. The first read after a load waits
 * (bounded) for the check that load started: loaderCheckWait.ts.
 */
import type { Router } from 'express';
import { extractChatbotId } from '../../domain/storefront/chatbotIdInput.js';
import { normalizedCoverage, type LoaderCoverage } from '../../domain/storefront/loaderCoverage.js';
import { STORES } from '../../projections/views/storesView.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { StorefrontApiDeps } from './storefrontApiDeps.js';
import { requireStoreSession, signedInStoreOf } from './storeSessionAuth.js';
import { CHATBOT_STATUS_SCHEMA, chatbotStatus } from './chatbotStatus.js';
import { untilLoaderCheckSettled } from './loaderCheckWait.js';

const TAGS = ['Storefront app'];
/** requireStoreSession's answer to a request without a live store session. */
const NO_STORE_SESSION = {
  401: { description: 'No store session: the cookie confab_store_session is missing or expired' },
};
const CHANNEL_IDS = { type: 'array', items: { type: 'integer' } };
const LOADER_SCHEMA = {
  type: 'object',
  nullable: true,
  required: ['channels', 'leftOut', 'refusedByPlatform', 'channelsRead'],
  description:
    'Where the loader script is, as the last check (install, or opening the app) found it; null before the first',
  properties: {
    channels: { ...CHANNEL_IDS, description: 'Channel ids of the storefronts that carry the chat' },
    leftOut: {
      ...CHANNEL_IDS,
      description: 'Storefronts without it: BigCommerce lets an app own at most 10 scripts per store',
    },
    refusedByPlatform: {
      ...CHANNEL_IDS,
      description:
        'Storefronts without it: BigCommerce refused the script (403, a platform limit such as the scripts a storefront may hold); tried again at each open',
    },
    channelsRead: {
      type: 'boolean',
      description:
        'False when the store has not granted the Channel Settings scope: only the default storefront (channel 1) is served',
    },
  },
};
const SETTINGS_SCHEMA = {
  type: 'object',
  required: ['storeHash', 'chatbotId', 'enabled', 'chatbot', 'loader'],
  properties: {
    storeHash: { type: 'string' },
    chatbotId: { type: 'string', nullable: true },
    enabled: { type: 'boolean' },
    chatbot: CHATBOT_STATUS_SCHEMA,
    loader: LOADER_SCHEMA,
  },
};

/** `loader` as answered: every list present, also for coverages recorded before a list existed. */
function loaderAnswer(coverage: LoaderCoverage | null | undefined) {
  if (!coverage) return null;
  const { refusedByPlatform = [], ...rest } = normalizedCoverage(coverage);
  return { ...rest, refusedByPlatform };
}

/** The answer of GET and PUT: the settings as saved, what the id names, where the loader is. */
async function settingsBody(
  deps: StorefrontApiDeps,
  storeHash: string,
  s: { chatbotId: string | null; enabled: boolean; loaderCoverage?: LoaderCoverage | null },
) {
  return {
    storeHash,
    chatbotId: s.chatbotId,
    enabled: s.enabled,
    chatbot: await chatbotStatus(deps.views, s.chatbotId),
    loader: loaderAnswer(s.loaderCoverage),
  };
}

export function settingsRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: StorefrontApiDeps,
): void {
  const session = requireStoreSession(deps);

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/api/settings',
      summary: "The store's Chatbot ID and enabled switch (store session cookie confab_store_session)",
      tags: TAGS,
      security: 'none',
      responses: { 200: { description: 'The settings', schema: SETTINGS_SCHEMA }, ...NO_STORE_SESSION },
    },
    async ({ res }) => {
      const signedIn = signedInStoreOf(res);
      // Read again after waiting: the check may have recorded a new coverage meanwhile.
      const waited = await untilLoaderCheckSettled(deps.sessions, signedIn.sessionId, signedIn.loaderCheckPending);
      const store = (waited && (await deps.views.get(STORES, signedIn.storeHash))) || signedIn.store;
      return { body: await settingsBody(deps, store.storeHash, store) };
    },
    session,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'put',
      path: '/api/settings',
      summary:
        'Saves the Chatbot ID (a bare id, an embed snippet or a dashboard URL) and the enabled switch; needs X-CSRF-Token',
      tags: TAGS,
      security: 'none',
      body: {
        type: 'object',
        required: ['chatbotId', 'enabled'],
        additionalProperties: false,
        properties: { chatbotId: { type: 'string', maxLength: 10000 }, enabled: { type: 'boolean' } },
      },
      responses: {
        200: { description: 'Saved', schema: SETTINGS_SCHEMA },
        ...NO_STORE_SESSION,
        403: { description: "Missing or wrong X-CSRF-Token header (code CSRF): the session's token is required" },
      },
    },
    async ({ body, res }) => {
      const signedIn = signedInStoreOf(res);
      const state = await deps.commands.saveSettings(signedIn.storeHash, signedIn.userId, body, {
        ip: res.locals.clientIp,
        userAgent: res.locals.userAgent,
      });
      return { body: await settingsBody(deps, signedIn.storeHash, state) };
    },
    session,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/api/chatbot',
      summary: 'Which chatbot a pasted id, snippet or URL names, and whether it exists and is enabled',
      tags: TAGS,
      security: 'none',
      query: { type: 'object', required: ['input'], properties: { input: { type: 'string', maxLength: 10000 } } },
      responses: {
        200: {
          description: 'chatbotId null when the text holds no id',
          schema: {
            type: 'object',
            properties: { chatbotId: { type: 'string', nullable: true }, chatbot: CHATBOT_STATUS_SCHEMA },
          },
        },
      },
    },
    async ({ query }) => {
      const chatbotId = extractChatbotId(query.input);
      return { body: { chatbotId, chatbot: await chatbotStatus(deps.views, chatbotId) } };
    },
    session,
  );
}
