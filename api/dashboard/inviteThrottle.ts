/**
 * Invites are mails to addresses an admin types in, so they get budgets like the sign-in mails
 * (api/auth/signInThrottle.ts): per admin (in all their workspaces together) and per workspace,
 * so that neither one admin nor a workspace of many admins turns the members page into a mailer. Only a mail that went out
 * counts: a refused invite (bad address, already a member, the pending cap, the mail server
 * down) gives its points back.
 */
import { TooManyRequestsError } from '../../domain/errors.js';
import type { RateLimiterFactory } from '../../infrastructure/rateLimit/rateLimiter.js';

export const INVITES_PER_ADMIN = 10;
const ADMIN_WINDOW_SECONDS = 60 * 60;
export const INVITES_PER_WORKSPACE = 50;
const WORKSPACE_WINDOW_SECONDS = 24 * 60 * 60;

/** An invite let through: `refund` gives its points back when no mail went out. */
export interface InviteAttempt {
  refund(): Promise<void>;
}

export type InviteThrottle = (who: { workspaceId: string; userId: string }) => Promise<InviteAttempt>;

export function inviteThrottle(rateLimiters: RateLimiterFactory): InviteThrottle {
  const perAdmin = rateLimiters.create({
    name: 'invite-admin',
    points: INVITES_PER_ADMIN,
    durationSeconds: ADMIN_WINDOW_SECONDS,
  });
  const perWorkspace = rateLimiters.create({
    name: 'invite-workspace',
    points: INVITES_PER_WORKSPACE,
    durationSeconds: WORKSPACE_WINDOW_SECONDS,
  });
  return async ({ workspaceId, userId }) => {
    // Per user across every workspace they administer: opening more workspaces (a sign-up
    // each) earns no more invites.
    const adminKey = userId;
    const byAdmin = await perAdmin.consume(adminKey);
    if (!byAdmin.allowed)
      throw new TooManyRequestsError(
        `You can send ${INVITES_PER_ADMIN} invites an hour; try again later`,
        byAdmin.resetSeconds,
        'INVITE_RATE_LIMIT',
      );
    const byWorkspace = await perWorkspace.consume(workspaceId);
    if (!byWorkspace.allowed) {
      await perAdmin.refund(adminKey);
      throw new TooManyRequestsError(
        `This workspace can send ${INVITES_PER_WORKSPACE} invites a day; try again later`,
        byWorkspace.resetSeconds,
        'INVITE_RATE_LIMIT',
      );
    }
    return {
      refund: async () => void (await Promise.all([perAdmin.refund(adminKey), perWorkspace.refund(workspaceId)])),
    };
  };
}
