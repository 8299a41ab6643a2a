/**
 * The CommandContext of a sign-in request that is not signed in yet (accepting an invite,
 * confirming a signup): the events it records name who acts by role.
 */
import type { Response } from 'express';
import type { CommandContext } from '../../commands/commandContext.js';
import { userContextOf } from '../session/sessionAuth.js';

export function visitorContextOf(
  res: Response,
  actorId: 'invitee' | 'signup',
  workspaceId: string | null,
): CommandContext {
  return userContextOf(res, actorId, workspaceId);
}
