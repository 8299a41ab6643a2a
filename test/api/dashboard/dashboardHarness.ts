/**
 * Shared setup of the dashboard API tests: a test app with a real PUBLIC_URL, signed-in
 * workspaces, and a request helper that speaks as one of them (cookie, CSRF token, its host).
 */
import type { TestApp } from '../../support/testApp.js';
import {
  createSignedInWorkspace,
  hostRequest,
  startSignInApp,
  type HostResponse,
  type SignedInWorkspace,
} from '../../support/signIn.js';

export { startSignInApp, createSignedInWorkspace };
export type { SignedInWorkspace, TestApp };

export const DASH = '/api/v1/dashboard';

/** A request as the signed-in `who` (cookie + CSRF + same-origin), unless `opts` says otherwise. */
export function as(app: TestApp, who: SignedInWorkspace) {
  return (
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; cookie?: boolean; origin?: string } = {},
  ): Promise<HostResponse> =>
    hostRequest(app, method, path, {
      origin: who.origin,
      cookie: opts.cookie === false ? undefined : who.cookie,
      csrfToken: opts.csrf === false ? undefined : who.csrfToken,
      body,
      headers: opts.origin ? { origin: opts.origin } : {},
    });
}
