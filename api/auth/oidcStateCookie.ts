/**
 * The cookie that binds an OIDC sign-in to the browser that started it (domain/signIn/
 * oidcStateBinding.ts): set by the popup's start, read by the callback, both on the main host.
 * HttpOnly, SameSite=Lax (the provider sends the browser back by a top-level GET, which Lax
 * lets through), only under /auth/oidc, and gone when the state would expire anyway.
 */
import type { Request, Response } from 'express';
import { OIDC_STATE_TTL_MS } from '../../domain/signIn/challenges.js';
import { cookieValueOf, secureCookie } from '../session/sessionCookie.js';

const OIDC_STATE_COOKIE = 'confab_oidc_state';
const options = (req: Request, publicUrl: string) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secureCookie(req, publicUrl),
  path: '/auth/oidc',
});

export function setOidcStateCookie(req: Request, res: Response, binding: string, publicUrl: string): void {
  res.cookie(OIDC_STATE_COOKIE, binding, { ...options(req, publicUrl), maxAge: OIDC_STATE_TTL_MS });
}

export function readOidcStateCookie(req: Request): string | null {
  return cookieValueOf(req, OIDC_STATE_COOKIE);
}

export function clearOidcStateCookie(req: Request, res: Response, publicUrl: string): void {
  res.clearCookie(OIDC_STATE_COOKIE, options(req, publicUrl));
}
