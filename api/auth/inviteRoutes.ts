/** `POST /auth/invite/accept {token, name?, password?}`: join a workspace from a mailed invite. */
import type { Router } from 'express';
import { invalidInvite, MemberCommands } from '../../commands/memberCommands.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { redirectResult } from './authSchemas.js';
import { loginHostOf } from './loginHost.js';
import { answerEntry } from './entryResponse.js';
import { signInThrottle } from './signInThrottle.js';
import { visitorContextOf } from './visitorContext.js';

export function inviteRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps): void {
  const throttle = signInThrottle(deps.rateLimiters);
  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/invite/accept',
      summary: 'Accept an invite: a new address sets name and password; an existing account just joins',
      tags: ['Sign-in'],
      security: 'none',
      body: {
        type: 'object',
        required: ['token'],
        properties: {
          token: { type: 'string', minLength: 1, maxLength: 200 },
          name: { type: 'string', maxLength: 200 },
          password: { type: 'string', maxLength: 200 },
        },
      },
      responses: {
        200: { description: 'Joined and signed in', schema: redirectResult },
        400: { description: 'A new account needs name and password (8+ characters)' },
        404: { description: 'Invalid, used, revoked or expired invite (INVITE_INVALID)' },
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, deps.session);
      await throttle(req);
      // A workspace's invite opens on that workspace's login host, and nowhere else.
      const workspaceId = MemberCommands.workspaceOfToken(body.token);
      if (host.onWorkspaceHost && workspaceId !== host.workspaceId) throw invalidInvite();
      const joined = await deps.members.accept(
        { token: body.token, name: body.name, password: body.password },
        visitorContextOf(res, 'invitee', workspaceId),
      );
      return answerEntry(
        req,
        res,
        await deps.signIn.enter(joined.userId, joined.workspaceId, 'invite', host.onWorkspaceHost),
        deps.session.publicUrl,
      );
    },
  );
}
