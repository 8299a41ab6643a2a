/**
 * The dashboard's account page for the signed-in user (its profile and the three-step
 * email change, docs/external-api.md): the External API's account operations and schemas, applied to
 * the user of the session instead of the workspace owner. The AccountCommands are the same, so
 * codes, expiry, attempts and address reservations behave exactly as there; the hourly budget of
 * request-change and verify-identity is kept per user rather than per API key.
 * (The password is set at POST /account/password, by the sign-in module.)
 */
import type { Response, Router } from 'express';
import { readProfile } from '../external/accountRoutes.js';
import { EMAIL_CHANGE_LIMIT, emailChangeBudget } from '../external/emailChangeBudget.js';
import { validateEmailAddress } from '../../domain/account/profileRules.js';
import {
  accountProfileSchema,
  codeBody,
  confirmChangeResult,
  patchAccountBody,
  requestChangeBody,
  requestChangeResult,
  verifyIdentityResult,
} from '../external/accountSchemas.js';
import { wrapped } from '../resources/resourceSchemas.js';
import { contextOf, sessionOf } from '../principal/principal.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { DashboardApiDeps } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';

const tags = ['Dashboard: account'];
const MINUTES = 10;

export function accountRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  { views, account: commands, rateLimiters }: DashboardApiDeps,
): void {
  const userOf = (res: Response) => sessionOf(res).userId;
  const profile = (userId: string) => readProfile(views, userId);
  const spendBudget = emailChangeBudget(rateLimiters, (res) => `user:${userOf(res)}`, 'account');
  const budget = `${EMAIL_CHANGE_LIMIT.points} per hour, shared with request-change`;

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/account',
      summary: "The signed-in user's profile",
      tags,
      responses: { 200: { description: 'The profile', schema: wrapped(accountProfileSchema) } },
    },
    async ({ res }) => ({ body: await profile(userOf(res)) }),
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'patch',
      path: '/account',
      summary: "Update the signed-in user's profile (only given fields change)",
      tags,
      body: patchAccountBody,
      responses: { 200: { description: 'The updated profile', schema: wrapped(accountProfileSchema) } },
    },
    async ({ body, res }) => {
      await commands.updateProfile(userOf(res), body, contextOf(res));
      return { body: await profile(userOf(res)) };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/account/email/request-change',
      tags,
      body: requestChangeBody,
      summary: `Email change step 1: mails a 6-digit code to the current address (${EMAIL_CHANGE_LIMIT.points} per hour per user)`,
      responses: {
        200: { description: 'Code sent', schema: wrapped(requestChangeResult) },
        429: { description: 'Hourly budget spent' },
        502: { description: 'The code could not be mailed' },
      },
    },
    async ({ body, res }) => {
      // A malformed address sent no mail: refused before it could spend the hour's budget.
      validateEmailAddress(body.newEmail);
      await spendBudget(res);
      await commands.requestEmailChange(userOf(res), body.newEmail, contextOf(res));
      return {
        body: {
          data: {
            success: true,
            verified: false,
            message: `We sent a 6-digit code to your current address. It expires in ${MINUTES} minutes.`,
            nextStep: 'Enter the code from your current inbox.',
          },
        },
      };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/account/email/verify-identity',
      tags,
      body: codeBody,
      summary: `Email change step 2: checks the current-address code, then mails a code to the new address (${budget})`,
      responses: {
        200: { description: 'Identity verified, code sent', schema: wrapped(verifyIdentityResult) },
        429: { description: 'Hourly budget spent' },
        502: { description: 'The code could not be mailed' },
      },
    },
    async ({ body, res }) => {
      // A malformed address sent no mail: refused before it could spend the hour's budget.
      validateEmailAddress(body.newEmail);
      await spendBudget(res);
      await commands.verifyIdentity(userOf(res), body.newEmail, body.otp, contextOf(res));
      return {
        body: {
          data: {
            success: true,
            message: `Identity verified. We sent a 6-digit code to ${body.newEmail}. It expires in ${MINUTES} minutes.`,
            nextStep: 'Enter the code from your new inbox.',
          },
        },
      };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/account/email/confirm-change',
      tags,
      body: codeBody,
      summary: 'Email change step 3: checks the new-address code and changes the email; the old address is notified',
      responses: { 200: { description: 'Email changed', schema: wrapped(confirmChangeResult) } },
    },
    async ({ body, res }) => {
      const { newEmail } = await commands.confirmChange(userOf(res), body.newEmail, body.otp, contextOf(res));
      return { body: { data: { success: true, message: 'Your email address has been changed.', newEmail } } };
    },
  );
}
