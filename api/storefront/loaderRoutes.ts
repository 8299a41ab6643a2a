/**
 * GET {app_url}/script.js?store=<hash>: the per-store loader the Scripts API puts on every
 * storefront page. It is a no-op script for an unknown or uninstalled store, one without a
 * Chatbot ID, a switched-off one, or one whose chatbot is gone or disabled; cached 60 s so a
 * settings change shows within a minute.
 *
 * POST {app_url}/api/customer {store, token}: verifies the Current Customer JWT the loader got
 * from the storefront (HS256, client secret, aud, iss bc/apps, the store) and answers the user
 * for the widget. Storefronts run on any domain, so it is open to every origin (no cookies).
 */
import cors from 'cors';
import type { Router } from 'express';
import { verifyCurrentCustomer } from '../../infrastructure/bigcommerce/bigCommerceJwt.js';
import { AuthenticationError, TooManyRequestsError } from '../../domain/errors.js';
import { rateLimitKeyOf } from '../http/clientAddressKey.js';
import { STORES } from '../../projections/views/storesView.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { StorefrontApiDeps } from './storefrontApiDeps.js';
import { chatbotStatus } from './chatbotStatus.js';
import { NOOP_LOADER, loaderScript } from './loaderScript.js';

const STORE_HASH = /^[a-z0-9]{1,64}$/;
const LOADER_MAX_AGE_S = 60;
/** A storefront page checks its customer once per load: far below this per address. */
export const CUSTOMER_CHECKS_PER_ADDRESS = { points: 60, durationSeconds: 60 };

export function loaderRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: StorefrontApiDeps): void {
  registry.add(mount, {
    method: 'get',
    path: '/script.js',
    summary: 'Per-store widget loader (a no-op script until the store has a Chatbot ID and the switch is on)',
    tags: ['Storefront app'],
    security: 'none',
    query: {
      type: 'object',
      required: ['store'],
      properties: { store: { type: 'string', description: 'store hash' } },
    },
    responses: {
      200: { description: 'JavaScript', contentType: 'application/javascript', schema: { type: 'string' } },
    },
  });

  router.get('/script.js', async (req, res) => {
    const storeHash = typeof req.query.store === 'string' && STORE_HASH.test(req.query.store) ? req.query.store : null;
    const store = storeHash ? await deps.views.get(STORES, storeHash) : null;
    const bot = store?.enabled ? await chatbotStatus(deps.views, store.chatbotId) : null;
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', `public, max-age=${LOADER_MAX_AGE_S}`);
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!store || !bot?.exists || !bot.enabled || !deps.credentials) return res.send(NOOP_LOADER);
    res.send(
      loaderScript({
        botId: bot.id,
        storeHash: store.storeHash,
        clientId: deps.credentials.clientId,
        widgetUrl: `${deps.publicUrl}/widget.js`,
        verifyUrl: `${deps.appUrl}/api/customer`,
      }),
    );
  });

  const anyOrigin = cors({ origin: '*', methods: ['POST'], allowedHeaders: ['Content-Type'], maxAge: 600 });
  const perAddress = deps.rateLimiters.create({ name: 'storefront-customer', ...CUSTOMER_CHECKS_PER_ADDRESS });
  router.options('/api/customer', anyOrigin);
  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/api/customer',
      summary: 'Verifies a BigCommerce Current Customer JWT for the loader and answers the customer',
      tags: ['Storefront app'],
      security: 'none',
      body: {
        type: 'object',
        required: ['store', 'token'],
        properties: { store: { type: 'string', maxLength: 64 }, token: { type: 'string', maxLength: 8192 } },
      },
      responses: {
        200: {
          description: 'The verified customer',
          schema: {
            type: 'object',
            properties: { user: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' } } } },
          },
        },
        429: { description: 'More than 60 checks a minute from one client address' },
      },
    },
    async ({ body, req }) => {
      const decision = await perAddress.consume(rateLimitKeyOf(req.ip));
      if (!decision.allowed)
        throw new TooManyRequestsError(
          'Too many customer checks from this address; try again in a minute',
          decision.resetSeconds,
        );
      if (!deps.credentials || !STORE_HASH.test(body.store))
        throw new AuthenticationError('The customer token is not valid', 'INVALID_SIGNED_PAYLOAD');
      const customer = await verifyCurrentCustomer(body.token, { ...deps.credentials, storeHash: body.store });
      return { body: { user: { id: customer.id, email: customer.email } } };
    },
    anyOrigin,
  );
}
