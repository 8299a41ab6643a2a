/**
 * The session cookie `confab_session`: HttpOnly, SameSite=Lax, Path=/, host-only (no Domain,
 * so a session of one workspace host is never sent to another), Secure whenever the request
 * came over https or PUBLIC_URL is https.
 */
import type { Request, Response } from 'express';
import { SESSION_ABSOLUTE_MS } from '../../infrastructure/sessions/sessionStore.js';

export const SESSION_COOKIE = 'confab_session';

export function readSessionCookie(req: Request): string | null {
  return cookieValueOf(req, SESSION_COOKIE);
}

/** The value of the cookie `name` when it is a plain token (base64url, at most 100 characters); else null. */
export function cookieValueOf(req: Request, name: string): string | null {
  const header = req.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Secure whenever the request came over https or PUBLIC_URL is https. */
export function secureCookie(req: Request, publicUrl: string): boolean {
  return req.secure || publicUrl.startsWith('https:');
}

export function setSessionCookie(req: Request, res: Response, sessionId: string, publicUrl: string): void {
  res.cookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(req, publicUrl),
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response, publicUrl: string): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secureCookie(req, publicUrl), path: '/' });
}
