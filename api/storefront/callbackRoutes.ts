/**
 * BigCommerce's app callbacks (docs/storefront.md; BigCommerce "Handling callbacks"):
 *  - GET /auth?code&scope&context: install; the merchant then lands on the settings page;
 *  - GET /load, /uninstall, /remove_user ?signed_payload_jwt: verified (HS256, client secret,
 *    aud, iss, exp/nbf, sub) before anything changes; an invalid one is 401 and changes nothing.
 * The merchant sees /auth and /load in the control panel's iframe, so their failures are HTML
 * pages that say what happened; /uninstall and /remove_user are server calls and answer JSON.
 */
import type { Request, Response, Router } from 'express';
import {
  AuthenticationError,
  DomainError,
  NotFoundError,
  UpstreamError,
  ValidationError,
} from '../../domain/errors.js';
import { verifySignedPayload, type SignedPayload } from '../../infrastructure/bigcommerce/bigCommerceJwt.js';
import type { LoaderRegistration } from '../../infrastructure/bigcommerce/scriptRegistration.js';
import type { Logger } from '../../infrastructure/logger.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { RouteSpec } from '../http/routeSpec.js';
import type { StorefrontApiDeps } from './storefrontApiDeps.js';
import { sendMerchantPage } from './merchantPage.js';
import { setStoreSessionCookie } from './storeSessionAuth.js';
import { LOADER_CHECK_WAIT_MS } from './loaderCheckWait.js';

const TAGS = ['Storefront app'];
const HTML = {
  description: 'An HTML page explaining the failure',
  contentType: 'text/html',
  schema: { type: 'string' },
};
const JWT_QUERY = {
  type: 'object',
  required: ['signed_payload_jwt'],
  properties: { signed_payload_jwt: { type: 'string', description: "HS256 JWT signed with the app's client secret" } },
};

const SPECS: Record<string, RouteSpec> = {
  auth: {
    method: 'get',
    path: '/auth',
    summary:
      'Install callback: exchanges the code for a token, registers the loader script on each storefront channel, then redirects to /app',
    tags: TAGS,
    security: 'none',
    query: {
      type: 'object',
      required: ['code', 'scope', 'context'],
      properties: {
        code: { type: 'string' },
        scope: { type: 'string' },
        context: { type: 'string', description: 'stores/<store hash>' },
      },
    },
    responses: {
      302: { description: 'Installed: to the settings page, with a store session cookie' },
      400: HTML,
      502: HTML,
    },
  },
  load: {
    method: 'get',
    path: '/load',
    summary:
      'Load callback: opens a store session and redirects to /app; then checks the loader scripts (rewritten or put back only when needed)',
    tags: TAGS,
    security: 'none',
    query: JWT_QUERY,
    responses: { 302: { description: 'To the settings page, with a store session cookie' }, 401: HTML, 404: HTML },
  },
  uninstall: {
    method: 'get',
    path: '/uninstall',
    summary: 'Uninstall callback: removes the store record and forgets its token',
    tags: TAGS,
    security: 'none',
    query: JWT_QUERY,
    responses: {
      200: { description: 'Removed', schema: { type: 'object', properties: { status: { type: 'string' } } } },
    },
  },
  removeUser: {
    method: 'get',
    path: '/remove_user',
    summary: 'Remove-user callback (multi-user stores): the user loses access to the app',
    tags: TAGS,
    security: 'none',
    query: JWT_QUERY,
    responses: {
      200: { description: 'Removed', schema: { type: 'object', properties: { status: { type: 'string' } } } },
    },
  },
};

const requestOf = (res: Response) => ({
  ip: res.locals.clientIp,
  userAgent: res.locals.userAgent,
});

function queryString(req: Request, name: string): string | null {
  const v = req.query[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 4096 ? v : null;
}

/**
 * What registration did, for the operator: a warning when a storefront went without the loader
 * (the app's 10-script limit, or BigCommerce refused it with 403: a platform limit) or channels
 * could not be read (the store granted the app no Channel Settings scope: only the default
 * storefront is served until the merchant accepts the app's updated scopes); info when
 * something was written; debug when all was current.
 */
function logScripts(logger: Logger, on: 'install' | 'load', storeHash: string, r: LoaderRegistration): void {
  const fields = {
    storeHash,
    on,
    channels: r.scripts.map((s) => s.channelId),
    leftOut: r.leftOut,
    refusedByPlatform: r.refusedByPlatform,
    channelsRead: r.channelsRead,
    ...r.changes,
  };
  const wrote = r.changes.created + r.changes.updated + r.changes.deleted > 0;
  if (r.leftOut.length > 0 || r.refusedByPlatform.length > 0 || !r.channelsRead)
    logger.warn('storefront loader scripts incomplete', fields);
  else logger.log(wrote ? 'info' : 'debug', 'storefront loader scripts checked', fields);
}

const NOT_CONFIGURED = {
  title: 'The Confab app is not set up on this server',
  lines: [
    'The server has no BigCommerce client ID and secret (BIGCOMMERCE_CLIENT_ID, BIGCOMMERCE_CLIENT_SECRET). Ask the Confab operator to configure them.',
  ],
};

export function callbackRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: StorefrontApiDeps,
): void {
  for (const spec of Object.values(SPECS)) registry.add(mount, spec);
  const appPath = `${mount}/app`;

  async function verified(req: Request): Promise<SignedPayload> {
    if (!deps.credentials) throw new UpstreamError(NOT_CONFIGURED.title, 'STOREFRONT_NOT_CONFIGURED');
    return verifySignedPayload(req.query.signed_payload_jwt, deps.credentials);
  }

  router.get('/auth', async (req, res) => {
    if (!deps.credentials) return sendMerchantPage(res, 503, NOT_CONFIGURED);
    const code = queryString(req, 'code');
    const scope = queryString(req, 'scope');
    const context = queryString(req, 'context');
    if (!code || !scope || !context) {
      return sendMerchantPage(res, 400, {
        title: 'The installation link is incomplete',
        lines: [
          'BigCommerce sends code, scope and context to this address. Start the installation again from your BigCommerce control panel (Apps › My Apps).',
        ],
      });
    }
    try {
      const { storeHash, userId, scripts } = await deps.commands.install({ code, scope, context }, requestOf(res));
      logScripts(deps.logger, 'install', storeHash, scripts);
      const { id } = await deps.sessions.open(storeHash, userId);
      setStoreSessionCookie(res, id, deps.appUrl);
      res.redirect(302, appPath);
    } catch (err) {
      const known = err instanceof DomainError;
      deps.logger.warn('storefront install failed', {
        context,
        error: known ? (err as Error).message : 'unexpected error',
        requestId: res.locals.requestId,
      });
      if (!known)
        deps.logger.error('storefront install error', {
          requestId: res.locals.requestId,
          error: (err as Error)?.stack?.split('\n')[0],
        });
      const status = err instanceof ValidationError ? 400 : 502;
      sendMerchantPage(res, status, {
        title: 'Confab could not be installed',
        lines: [
          err instanceof ValidationError
            ? (err as Error).message
            : 'BigCommerce did not accept the installation request, so nothing was saved.',
          'Please try again from your BigCommerce control panel (Apps › My Apps). If it keeps failing, contact Confab support and mention this reference: ' +
            String(res.locals.requestId),
        ],
      });
    }
  });

  router.get('/load', async (req, res) => {
    try {
      const payload = await verified(req);
      await deps.commands.load(payload, requestOf(res));
      // The session says a check is running, so the settings page's first read can wait for it
      // (loaderCheckWait.ts); the redirect does not: the check overlaps the page's loading.
      const { id } = await deps.sessions.open(payload.storeHash, payload.user.id, {
        loaderCheckWithinMs: LOADER_CHECK_WAIT_MS,
      });
      deps.commands
        .repairScripts(payload.storeHash)
        .then(
          (scripts) => scripts && logScripts(deps.logger, 'load', payload.storeHash, scripts),
          (err: Error) =>
            deps.logger.warn('storefront script not checked on load', {
              storeHash: payload.storeHash,
              error: err.message?.slice(0, 200),
            }),
        )
        .then(() => deps.sessions.endLoaderCheck(id))
        .catch((err: Error) =>
          deps.logger.warn('storefront loader check not marked settled', {
            storeHash: payload.storeHash,
            error: err.message?.slice(0, 200),
          }),
        );
      setStoreSessionCookie(res, id, deps.appUrl);
      res.redirect(302, appPath);
    } catch (err) {
      if (err instanceof UpstreamError) return sendMerchantPage(res, 503, NOT_CONFIGURED);
      if (err instanceof NotFoundError) {
        return sendMerchantPage(res, 404, {
          title: 'Confab is not installed on this store',
          lines: [
            'Install the Confab app again from your BigCommerce control panel (Apps › My Apps) to set up the chat widget.',
          ],
        });
      }
      if (err instanceof AuthenticationError) {
        return sendMerchantPage(res, 401, {
          title: 'This request could not be verified',
          lines: [
            'Open the Confab app from your BigCommerce control panel (Apps › My Apps). If you did, reload the page.',
          ],
        });
      }
      throw err;
    }
  });

  for (const [path, run] of [
    ['/uninstall', (p: SignedPayload, res: Response) => deps.commands.uninstall(p, requestOf(res))],
    ['/remove_user', (p: SignedPayload, res: Response) => deps.commands.removeUser(p, requestOf(res))],
  ] as const) {
    router.get(path, async (req, res, next) => {
      try {
        const payload = await verified(req);
        await run(payload, res);
        res.json({ status: 'ok' });
      } catch (err) {
        next(err);
      }
    });
  }
}
