/**
 * The members page's endpoints (docs/sign-in.md, dashboard roles): list
 * members and pending invites, invite by mail, revoke an invite, change a role, remove a
 * member. Admins only; the owner's membership cannot be changed (403 OWNER_FIXED). Invites
 * are mails: they are budgeted (inviteThrottle.ts) and capped in number pending.
 */
import type { Router } from 'express';
import { MAX_PENDING_INVITES } from '../../domain/member/workspaceMembers.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { contextOf, principalOf, sessionOf } from '../principal/principal.js';
import type { DashboardApiDeps } from './dashboardApiDeps.js';
import { INVITES_PER_ADMIN, INVITES_PER_WORKSPACE, inviteThrottle } from './inviteThrottle.js';
import { addSessionRoute } from './sessionRoute.js';

const tags = ['Dashboard: members'];
const role = { type: 'string', enum: ['admin', 'member'] } as const;
const str = { type: 'string' } as const;
const idParams = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: { type: 'string', maxLength: 100 } } }) as const;
const invite = {
  type: 'object',
  required: ['id', 'email', 'role', 'expiresAt'],
  properties: { id: str, email: str, role, expiresAt: { ...str, format: 'date-time' } },
} as const;
const membersResult = {
  type: 'object',
  required: ['members', 'invites'],
  properties: {
    members: {
      type: 'array',
      items: {
        type: 'object',
        required: ['userId', 'email', 'name', 'role', 'isOwner'],
        properties: { userId: str, email: str, name: str, role, isOwner: { type: 'boolean' } },
      },
    },
    invites: { type: 'array', items: invite },
  },
} as const;

export function membersRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: DashboardApiDeps): void {
  const { members, memberQueries } = deps;
  const throttle = inviteThrottle(deps.rateLimiters);

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/members',
      summary: 'Members of this workspace and its pending invites',
      tags,
      responses: { 200: { description: 'Members and invites', schema: membersResult } },
    },
    async ({ res }) => ({ body: await memberQueries.list(principalOf(res).workspaceId) }),
    { admin: true },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/invites',
      summary: 'Invite someone by mail (a single-use link, 7 days)',
      tags,
      body: {
        type: 'object',
        required: ['email', 'role'],
        properties: { email: { type: 'string', maxLength: 320 }, role },
      },
      responses: {
        201: { description: 'Invited', schema: invite },
        409: {
          description: `Already a member (ALREADY_MEMBER), or ${MAX_PENDING_INVITES} invites are pending already (PENDING_INVITE_LIMIT)`,
        },
        429: {
          description: `More than ${INVITES_PER_ADMIN} invites by this admin in an hour, or ${INVITES_PER_WORKSPACE} by the workspace in a day (INVITE_RATE_LIMIT; Retry-After says when to try again)`,
        },
        502: {
          description: 'The mail could not be sent (MAIL_DELIVERY_FAILED); no invite is kept, invite again later',
        },
      },
    },
    async ({ body, res }) => {
      const { name, userId } = sessionOf(res);
      const ctx = contextOf(res);
      const attempt = await throttle({ workspaceId: ctx.workspaceId, userId });
      const invited = await members
        .invite({ email: body.email, role: body.role, inviterName: name }, ctx)
        .catch(async (err: unknown) => {
          await attempt.refund();
          throw err;
        });
      return { status: 201, body: invited };
    },
    { admin: true },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'delete',
      path: '/invites/:id',
      summary: 'Revoke a pending invite',
      tags,
      params: idParams('id'),
      responses: { 204: { description: 'Revoked' }, 404: { description: 'No such pending invite' } },
    },
    async ({ params, res }) => {
      await members.revokeInvite(params.id, contextOf(res));
      res.status(204).end();
    },
    { admin: true },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'patch',
      path: '/members/:userId',
      summary: "Change a member's role",
      tags,
      params: idParams('userId'),
      body: { type: 'object', required: ['role'], properties: { role } },
      responses: {
        204: { description: 'Changed' },
        403: { description: 'The owner (OWNER_FIXED)' },
        404: { description: 'Not a member' },
      },
    },
    async ({ params, body, res }) => {
      await members.changeRole(params.userId, body.role, contextOf(res));
      res.status(204).end();
    },
    { admin: true },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'delete',
      path: '/members/:userId',
      summary: 'Remove a member (their sessions here stop working at once)',
      tags,
      params: idParams('userId'),
      responses: {
        204: { description: 'Removed' },
        403: { description: 'The owner (OWNER_FIXED)' },
        404: { description: 'Not a member' },
      },
    },
    async ({ params, res }) => {
      await members.remove(params.userId, contextOf(res));
      res.status(204).end();
    },
    { admin: true },
  );
}
