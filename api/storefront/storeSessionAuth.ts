/**
 * The settings page's session (docs/storefront.md): cookie `confab_store_session`, opened by a verified
 * load callback. Inside the control panel's iframe the cookie is third-party, so under https it
 * is `SameSite=None; Secure; Partitioned` (CHIPS: still sent where browsers block unpartitioned
 * third-party cookies); on a plain-http localhost it is `SameSite=Lax`.
 *
 * SameSite=None means the browser sends it on cross-site requests too, so writes also need the
 * header `X-CSRF-Token` with the session's token (given only to the page itself).
 */
import type { Request, RequestHandler, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { AuthenticationError, ForbiddenError } from '../../domain/errors.js';
import { STORE_SESSION_TTL_MS, type StoreSession } from '../../infrastructure/bigcommerce/storeSessionStore.js';
import { STORES, type StoreDoc } from '../../projections/views/storesView.js';
import type { StorefrontApiDeps } from './storefrontApiDeps.js';

export const STORE_SESSION_COOKIE = 'confab_store_session';

export interface SignedInStore extends StoreSession {
  /** The cookie's value: the session as the store knows it (never logged). */
  sessionId: string;
  store: StoreDoc;
}

declare global {
  namespace Express {
    interface Locals {
      /** The BigCommerce store user of the settings page (not a workspace principal). */
      storeSession?: SignedInStore;
    }
  }
}

const notSignedInStore = () =>
  new AuthenticationError('Open the Confab app from your BigCommerce control panel to sign in.', 'NOT_SIGNED_IN');

function readCookie(req: Request): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === STORE_SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function setStoreSessionCookie(res: Response, sessionId: string, appUrl: string): void {
  const url = new URL(appUrl);
  const https = url.protocol === 'https:';
  const attributes = [
    `${STORE_SESSION_COOKIE}=${sessionId}`,
    `Path=${url.pathname || '/'}`,
    `Max-Age=${Math.floor(STORE_SESSION_TTL_MS / 1000)}`,
    'HttpOnly',
    ...(https ? ['SameSite=None', 'Secure', 'Partitioned'] : ['SameSite=Lax']),
  ];
  res.append('Set-Cookie', attributes.join('; '));
}

/** The live session of this request, or null: unknown or expired cookie, store gone, user removed. */
export async function storeSessionOf(
  req: Request,
  deps: Pick<StorefrontApiDeps, 'sessions' | 'views'>,
): Promise<SignedInStore | null> {
  const id = readCookie(req);
  const session = id ? await deps.sessions.find(id) : null;
  if (!id || !session) return null;
  const store = await deps.views.get(STORES, session.storeHash);
  if (!store || !store.users.some((u) => u.id === session.userId)) return null;
  return { ...session, sessionId: id, store };
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 401 NOT_SIGNED_IN without a live session; writes without the session's X-CSRF-Token: 403 CSRF. */
export function requireStoreSession(deps: Pick<StorefrontApiDeps, 'sessions' | 'views'>): RequestHandler {
  return async (req, res, next) => {
    try {
      const signedIn = await storeSessionOf(req, deps);
      if (!signedIn) throw notSignedInStore();
      if (
        req.method !== 'GET' &&
        req.method !== 'HEAD' &&
        !sameToken(req.get('x-csrf-token') ?? '', signedIn.csrfToken)
      ) {
        throw new ForbiddenError('Missing or wrong X-CSRF-Token header', 'CSRF');
      }
      res.locals.storeSession = signedIn;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The store session requireStoreSession let in; 401 when none did. */
export function signedInStoreOf(res: Response): SignedInStore {
  const { storeSession } = res.locals;
  if (!storeSession) throw notSignedInStore();
  return storeSession;
}
