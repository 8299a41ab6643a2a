/**
 * The one answer of every successful way in: `{redirect}`, with the session cookie when the
 * sign-in opened a session on this host (not when it hands off to the workspace's own host).
 */
import type { Request, Response } from 'express';
import type { Entry } from '../../commands/signInCommands.js';
import { setSessionCookie } from '../session/sessionCookie.js';

export function answerEntry(
  req: Request,
  res: Response,
  entry: Entry,
  publicUrl: string,
): { status: number; body: { redirect: string } } {
  if (entry.kind === 'session') setSessionCookie(req, res, entry.sessionId, publicUrl);
  res.setHeader('Cache-Control', 'no-store');
  return { status: 200, body: { redirect: entry.redirect } };
}
