/** `POST /auth/invite/accept {token, name?, password?}`: join a workspace from a mailed invite. */
import type { Router } from 'express';
import { invalidInvite, WRONG_ACCOUNT_PASSWORD } from '../../commands/memberCommands.js';
import { NotFoundError } from '../../domain/errors.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { resolveSession } from '../session/sessionAuth.js';
import type { AuthApiDeps } from './authApiDeps.js';
import { redirectResult } from './authSchemas.js';
import { countingWrongGuesses } from './guessAttempt.js';
import { loginHostOf, type LoginHost } from './loginHost.js';
import { answerEntry } from './entryResponse.js';
import { signInThrottle } from './signInThrottle.js';
import { visitorContextOf } from './visitorContext.js';

export function inviteRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: AuthApiDeps): void {
  const throttle = signInThrottle(deps.rateLimiters);

  /**
   * A workspace's invite opens on that workspace's login host and nowhere else: a slug
   * workspace's on its own host, a slug-less one's on the main host. Only a live invite hears
   * where it does open; any other token is simply invalid.
   */
  async function assertOpensHere(host: LoginHost, token: string) {
    const invitation = await deps.members.invitation(token);
    if (!invitation) throw invalidInvite();
    if (host.onWorkspaceHost) {
      if (invitation.workspaceId !== host.workspaceId) throw invalidInvite();
      return invitation;
    }
    if ((await deps.lookups.slugOf(invitation.workspaceId)) !== null)
      throw new NotFoundError(
        `This invite opens on the workspace's own address, ${await deps.signIn.loginOriginOf(invitation.workspaceId)}; if your link points elsewhere, ask for a new invite`,
        'INVITE_WRONG_HOST',
      );
    return invitation;
  }

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/invite/accept',
      summary:
        'Accept an invite: a new address sets name and password; an existing account proves itself with its password (or a session of its own on this host) and joins',
      tags: ['Sign-in'],
      security: 'none',
      body: {
        type: 'object',
        required: ['token'],
        properties: {
          token: { type: 'string', minLength: 1, maxLength: 200 },
          name: { type: 'string', maxLength: 200 },
          password: {
            type: 'string',
            maxLength: 200,
            description: "A new account's password, or the password of the existing account the invite was sent to",
          },
        },
      },
      responses: {
        200: { description: 'Joined and signed in', schema: redirectResult },
        400: { description: 'A new account needs name and password (8+ characters)' },
        401: {
          description:
            'The address already has an account, which must prove itself: no password given (ACCOUNT_PROOF_REQUIRED) or a wrong one (WRONG_PASSWORD)',
        },
        404: {
          description:
            "Invalid, used, revoked or expired invite (INVITE_INVALID), or a live one opened on another host than its workspace's (INVITE_WRONG_HOST)",
        },
        429: { description: 'Too many wrong passwords for the invited account (the sign-in password budget)' },
      },
    },
    async ({ body, req, res }) => {
      const host = await loginHostOf(req, deps.session);
      // Per network before any lookup; the invited account's password budget once it is known.
      await throttle(req);
      const invitation = await assertOpensHere(host, body.token);
      const signedIn = await resolveSession(req, deps.session);
      const attempt = await throttle(req, { way: 'password', email: invitation.email });
      const joined = await countingWrongGuesses(attempt, [WRONG_ACCOUNT_PASSWORD], () =>
        deps.members.accept(
          { token: body.token, name: body.name, password: body.password, signedInUserId: signedIn?.userId ?? null },
          visitorContextOf(res, 'invitee', invitation.workspaceId),
        ),
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
