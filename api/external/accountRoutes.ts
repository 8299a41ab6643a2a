/**
 * Account endpoints (docs/external-api.md, Account): the workspace owner's profile and the
 * three-step email change. Profile reads come from the `users` view.
 */
import type { Response, Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { emailChangeBudget } from './emailChangeBudget.js';
import { validateEmailAddress } from '../../domain/account/profileRules.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import { USERS, type UserDoc } from '../../projections/views/usersView.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { addApiKeyRoute } from './apiKeyRoute.js';
import { callerIdOf, contextOf, principalOf } from '../principal/principal.js';
import { wrapped } from '../resources/resourceSchemas.js';
import {
  accountProfileSchema,
  codeBody,
  confirmChangeResult,
  patchAccountBody,
  requestChangeBody,
  requestChangeResult,
  verifyIdentityResult,
} from './accountSchemas.js';

/** The answer of an email-change step that went through. */
const stepDone = (data: Record<string, unknown>) => ({ body: { data: { success: true, ...data } } });

export function profileOf(doc: UserDoc) {
  const { name, email, phone, dateOfBirth, address, timezone } = doc;
  return { name, email, phone: phone ?? null, dateOfBirth: dateOfBirth ?? null, address: address ?? null, timezone };
}

/** A user's profile from the `users` view, as `{data}`; 404 when there is none. */
export async function readProfile(views: Pick<ExternalApiDeps['views'], 'get'>, userId: string) {
  const doc = await views.get<UserDoc>(USERS, userId);
  if (!doc) throw new NotFoundError('Account not found');
  return { data: profileOf(doc) };
}

export function accountRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  { views, account: commands, rateLimiters }: Pick<ExternalApiDeps, 'views' | 'account' | 'rateLimiters'>,
): void {
  const tags = ['Account'];
  const ownerOf = (res: Response) => principalOf(res).workspace.ownerId;
  const profile = (userId: string) => readProfile(views, userId);
  // The account:write scope (docs/external-api.md, Authentication), checked before the hourly budget is spent.
  const scoped = { extraScopes: ['account:write' as const] };
  const spendBudget = emailChangeBudget(rateLimiters, (res) => callerIdOf(principalOf(res)), 'API key');

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/account',
      summary: "The workspace owner's profile",
      tags,
      responses: { 200: { description: 'The profile', schema: wrapped(accountProfileSchema) } },
    },
    async ({ res }) => ({ body: await profile(ownerOf(res)) }),
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'patch',
      path: '/account',
      summary: "Update the owner's profile (only given fields change)",
      tags,
      body: patchAccountBody,
      responses: { 200: { description: 'The updated profile', schema: wrapped(accountProfileSchema) } },
    },
    async ({ body, res }) => {
      await commands.updateProfile(ownerOf(res), body, contextOf(res));
      return { body: await profile(ownerOf(res)) };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/account/email/request-change',
      tags,
      body: requestChangeBody,
      summary: 'Step 1 of the email change: mails a 6-digit code to the current address (5 per hour per key)',
      responses: {
        200: { description: 'Code sent', schema: wrapped(requestChangeResult) },
        502: { description: 'The code could not be mailed' },
      },
    },
    async ({ body, res }) => {
      // A malformed address sent no mail: refused before it could spend the hour's budget.
      validateEmailAddress(body.newEmail);
      await spendBudget(res);
      await commands.requestEmailChange(ownerOf(res), body.newEmail, contextOf(res));
      return stepDone({
        verified: false,
        message: 'A 6-digit code was sent to your current email address. It expires in 10 minutes.',
        nextStep:
          'verify-identity: send newEmail and the code from your current inbox to POST /external/v1/account/email/verify-identity',
      });
    },
    scoped,
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/account/email/verify-identity',
      tags,
      body: codeBody,
      summary: 'Step 2: check the current-address code, then mail a code to the new address (5 per hour per key)',
      responses: {
        200: { description: 'Identity verified, code sent', schema: wrapped(verifyIdentityResult) },
        502: { description: 'The code could not be mailed' },
      },
    },
    async ({ body, res }) => {
      // A malformed address sent no mail: refused before it could spend the hour's budget.
      validateEmailAddress(body.newEmail);
      await spendBudget(res);
      await commands.verifyIdentity(ownerOf(res), body.newEmail, body.otp, contextOf(res));
      return stepDone({
        message: 'Identity verified. A 6-digit code was sent to the new email address. It expires in 10 minutes.',
        nextStep:
          'confirm-change: send newEmail and the code from the new inbox to POST /external/v1/account/email/confirm-change',
      });
    },
    scoped,
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/account/email/confirm-change',
      tags,
      body: codeBody,
      summary: 'Step 3: check the new-address code and change the email; the old address is notified',
      responses: { 200: { description: 'Email changed', schema: wrapped(confirmChangeResult) } },
    },
    async ({ body, res }) => {
      const { newEmail } = await commands.confirmChange(ownerOf(res), body.newEmail, body.otp, contextOf(res));
      return { body: { data: { success: true, message: 'Your email address has been changed.', newEmail } } };
    },
    scoped,
  );
}
