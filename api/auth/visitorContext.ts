/**
 * The CommandContext of a sign-in request that is not signed in yet (accepting an invite,
 * confirming a signup): the events it records name who acts by role, with the request's id,
 * address and user agent for the audit trail.
 */
import type { Response } from 'express';
import type { CommandContext } from '../../commands/commandContext.js';

export function visitorContextOf(res: Response, actorId: 'invitee' | 'signup', workspaceId: string | null): CommandContext {
  return {
    actor: { type: 'user', id: actorId },
    workspaceId,
    correlationId: res.locals.requestId,
    requestId: res.locals.requestId,
    request: { ip: res.locals.clientIp, userAgent: res.locals.userAgent },
  };
}
