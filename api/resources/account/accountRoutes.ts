/**
 * The account endpoints of both doors (docs/external-api.md, Account): a profile and the
 * three-step email change. Through the key door the account is the workspace owner's; through
 * the session door it is the signed-in user's (the dashboard's account page). Through a key,
 * only a key of the owner's reaches it (ownersKey.ts): an admin the owner invited can mint keys,
 * but not read or change the owner's personal details with them (403 ACCOUNT_OWNER_ONLY). The
 * AccountCommands are the same, so codes, expiry, attempts and address reservations behave
 * alike; the hourly budget of request-change and verify-identity is kept per caller (per API
 * key, or per user). The key door also asks for the account:write scope, checked before the
 * budget is spent. (The password is set at POST /account/password, by the sign-in module.)
 */
import type { Response } from 'express';
import type { AccountCommands } from '../../../commands/accountCommands.js';
import { validateEmailAddress } from '../../../domain/account/profileRules.js';
import type { RateLimiterFactory } from '../../../infrastructure/rateLimit/rateLimiter.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { callerIdOf, contextOf, principalOf, sessionOf } from '../../principal/principal.js';
import type { DoorPolicy, PerDoor, ResourceDoor } from '../resourceDoor.js';
import { wrapped } from '../resourceSchemas.js';
import { readProfile } from './accountQueries.js';
import { ownerThroughOwnKey } from './ownersKey.js';
import {
  accountProfileSchema,
  codeBody,
  confirmChangeResult,
  patchAccountBody,
  requestChangeBody,
  requestChangeResult,
  verifyIdentityResult,
} from './accountSchemas.js';
import { EMAIL_CHANGE_LIMIT, emailChangeBudget } from './emailChangeBudget.js';

export interface AccountRoutesDeps {
  views: ReadStoreReader;
  account: AccountCommands;
  rateLimiters: RateLimiterFactory;
}

const TAGS: PerDoor<string[]> = { key: ['Account'], session: ['Dashboard: account'] };
const MINUTES = 10;
const BUDGET_SPENT = { 429: { description: 'Hourly budget spent' } };
const NOT_MAILED = { 502: { description: 'The code could not be mailed' } };
const NOT_OWNERS_KEY = {
  403: {
    description:
      "A missing scope, or a key the owner did not create (ACCOUNT_OWNER_ONLY): only the owner's keys, and the one that came with the workspace, reach the owner's account",
  },
};

export function accountRoutes(door: ResourceDoor, { views, account: commands, rateLimiters }: AccountRoutesDeps): void {
  const tags = TAGS[door.kind];
  const onKey = door.kind === 'key';
  const add: ResourceDoor['add'] = (spec, handler, policy) =>
    door.add(onKey ? { ...spec, responses: { ...spec.responses, ...NOT_OWNERS_KEY } } : spec, handler, policy);
  /** Whose account: the workspace owner's through a key, the signed-in user's through a session. */
  const userOf = (res: Response) => (onKey ? ownerThroughOwnKey(principalOf(res)) : sessionOf(res).userId);
  const profile = (userId: string) => readProfile(views, userId);
  const spendBudget = emailChangeBudget(
    rateLimiters,
    (res) => callerIdOf(principalOf(res)),
    onKey ? 'API key' : 'account',
  );
  const scoped: DoorPolicy = onKey ? { extraScopes: ['account:write'] } : {};
  const budget = `${EMAIL_CHANGE_LIMIT.points} per hour, shared with request-change`;

  add(
    {
      method: 'get',
      path: '/account',
      summary: onKey ? "The workspace owner's profile" : "The signed-in user's profile",
      tags,
      responses: { 200: { description: 'The profile', schema: wrapped(accountProfileSchema) } },
    },
    async ({ res }) => ({ body: await profile(userOf(res)) }),
  );

  add(
    {
      method: 'patch',
      path: '/account',
      summary: onKey
        ? "Update the owner's profile (only given fields change)"
        : "Update the signed-in user's profile (only given fields change)",
      tags,
      body: patchAccountBody,
      responses: { 200: { description: 'The updated profile', schema: wrapped(accountProfileSchema) } },
    },
    async ({ body, res }) => {
      await commands.updateProfile(userOf(res), body, contextOf(res));
      return { body: await profile(userOf(res)) };
    },
  );

  add(
    {
      method: 'post',
      path: '/account/email/request-change',
      tags,
      body: requestChangeBody,
      summary: onKey
        ? 'Step 1 of the email change: mails a 6-digit code to the current address (5 per hour per key)'
        : `Email change step 1: mails a 6-digit code to the current address (${EMAIL_CHANGE_LIMIT.points} per hour per user)`,
      responses: {
        200: { description: 'Code sent', schema: wrapped(requestChangeResult) },
        ...(onKey ? NOT_MAILED : { ...BUDGET_SPENT, ...NOT_MAILED }),
      },
    },
    async ({ body, res }) => {
      // A malformed address sent no mail: refused before it could spend the hour's budget.
      validateEmailAddress(body.newEmail);
      await spendBudget(res);
      await commands.requestEmailChange(userOf(res), body.newEmail, contextOf(res));
      const step = onKey
        ? {
            message: 'A 6-digit code was sent to your current email address. It expires in 10 minutes.',
            nextStep:
              'verify-identity: send newEmail and the code from your current inbox to POST /external/v1/account/email/verify-identity',
          }
        : {
            message: `We sent a 6-digit code to your current address. It expires in ${MINUTES} minutes.`,
            nextStep: 'Enter the code from your current inbox.',
          };
      return { body: { data: { success: true, verified: false, ...step } } };
    },
    scoped,
  );

  add(
    {
      method: 'post',
      path: '/account/email/verify-identity',
      tags,
      body: codeBody,
      summary: onKey
        ? 'Step 2: check the current-address code, then mail a code to the new address (5 per hour per key)'
        : `Email change step 2: checks the current-address code, then mails a code to the new address (${budget})`,
      responses: {
        200: { description: 'Identity verified, code sent', schema: wrapped(verifyIdentityResult) },
        ...(onKey ? NOT_MAILED : { ...BUDGET_SPENT, ...NOT_MAILED }),
      },
    },
    async ({ body, res }) => {
      // A malformed address sent no mail: refused before it could spend the hour's budget.
      validateEmailAddress(body.newEmail);
      await spendBudget(res);
      await commands.verifyIdentity(userOf(res), body.newEmail, body.otp, contextOf(res));
      const step = onKey
        ? {
            message: 'Identity verified. A 6-digit code was sent to the new email address. It expires in 10 minutes.',
            nextStep:
              'confirm-change: send newEmail and the code from the new inbox to POST /external/v1/account/email/confirm-change',
          }
        : {
            message: `Identity verified. We sent a 6-digit code to ${body.newEmail}. It expires in ${MINUTES} minutes.`,
            nextStep: 'Enter the code from your new inbox.',
          };
      return { body: { data: { success: true, ...step } } };
    },
    scoped,
  );

  add(
    {
      method: 'post',
      path: '/account/email/confirm-change',
      tags,
      body: codeBody,
      summary: onKey
        ? 'Step 3: check the new-address code and change the email; the old address is notified'
        : 'Email change step 3: checks the new-address code and changes the email; the old address is notified',
      responses: {
        200: { description: 'Email changed', schema: wrapped(confirmChangeResult) },
        409: {
          description:
            'Another account uses the new address (EMAIL_TAKEN): told only here, with the right new-inbox code; the earlier steps answer as for any address',
        },
      },
    },
    async ({ body, res }) => {
      const { newEmail } = await commands.confirmChange(userOf(res), body.newEmail, body.otp, contextOf(res));
      return { body: { data: { success: true, message: 'Your email address has been changed.', newEmail } } };
    },
    scoped,
  );
}
