/**
 * Sign-in through the OpenID Connect provider, in a popup on the main host that hands the
 * result to the workspace's login page (docs/sign-in.md):
 *
 * 1. start (main host, in the popup): state, nonce and PKCE verifier are kept server-side in a
 *    challenge (the state is the challenge's token, so only its hash is stored), with the
 *    workspace of the slug and the exact origin of that workspace's login page; the browser
 *    keeps another hash of the state (a cookie) that binds the sign-in to it;
 * 2. callback (main host): only in the browser that started it; the code is traded for the ID token (state, nonce, PKCE checked by
 *    openid-client); only a provider-verified email (`email_verified: true`) of a member of
 *    that workspace gets a one-time result code (60 s), which the callback page posts to the
 *    stored login origin and no other;
 * 3. exchange (login host): the result code becomes a session there.
 */
import { AuthenticationError, NotFoundError } from '../domain/errors.js';
import { HANDOFF_TTL_MS, OIDC_STATE_TTL_MS } from '../domain/signIn/challenges.js';
import { isBoundTo, stateBindingOf } from '../domain/signIn/oidcStateBinding.js';
import type { Logger } from '../infrastructure/logger.js';
import type { ChallengeStore } from '../infrastructure/sessions/challengeStore.js';
import type { OidcIdentity, OidcRelyingParty } from '../infrastructure/identity/oidcClient.js';
import type { SignInLookups } from '../projections/queries/signInLookups.js';
import type { SignInCommands } from './signInCommands.js';
import { consumeWhereFits } from './consumeWhereFits.js';

export interface OidcSignInDeps {
  /** null: no provider configured (OIDC_ISSUER unset). */
  relyingParty: OidcRelyingParty | null;
  challenges: ChallengeStore;
  signIn: SignInCommands;
  lookups: SignInLookups;
  logger: Logger;
}

interface PendingLogin {
  nonce: string;
  codeVerifier: string;
  workspaceId: string | null;
  loginOrigin: string;
}

interface LoginResult {
  userId: string;
  workspaceId: string;
  hostWorkspaceId: string | null;
}

/** What the callback page does: post a code (or an error) to `targetOrigin`, or just show the error. */
export type CallbackOutcome = { targetOrigin: string; code: string } | { targetOrigin: string | null; error: string };

const NOT_HERE =
  'This account cannot sign in to this workspace. Use an address that is a member here, confirmed by the provider.';

export class OidcSignInCommands {
  constructor(private readonly deps: OidcSignInDeps) {}

  get provider(): { name: string } | null {
    return this.deps.relyingParty ? { name: this.deps.relyingParty.name } : null;
  }

  private rp(): OidcRelyingParty {
    if (!this.deps.relyingParty) throw new NotFoundError('No identity provider is configured');
    return this.deps.relyingParty;
  }

  /**
   * The provider's authorization URL for a login page of `slug` (the main login without one),
   * and the binding the starting browser keeps (domain/signIn/oidcStateBinding.ts).
   */
  async start(slug: string | undefined): Promise<{ authorizationUrl: URL; browserBinding: string }> {
    const rp = this.rp();
    let workspaceId: string | null = null;
    if (slug) {
      workspaceId = await this.deps.lookups.workspaceIdOfSlug(slug.toLowerCase());
      if (!workspaceId) throw new NotFoundError('No workspace has this slug');
    }
    const { nonce, codeVerifier } = rp.newChecks('');
    const loginOrigin = await this.deps.signIn.loginOriginOf(workspaceId);
    const state = await this.deps.challenges.issueToken<PendingLogin>(
      'oidc-state',
      'oidc',
      { nonce, codeVerifier, workspaceId, loginOrigin },
      OIDC_STATE_TTL_MS,
    );
    const authorizationUrl = await rp.authorizationUrl({ state, nonce, codeVerifier });
    return { authorizationUrl, browserBinding: stateBindingOf(state) };
  }

  /**
   * `browserBinding`: what the browser kept from the start. A callback in another browser is
   * refused before the state is looked at, so it neither signs in nor uses the state up.
   */
  async callback(callbackUrl: URL, browserBinding: string | null): Promise<CallbackOutcome> {
    const rp = this.rp();
    const state = callbackUrl.searchParams.get('state') ?? '';
    if (!isBoundTo(state, browserBinding)) {
      this.deps.logger.info('sign-in refused', { method: 'oidc', reason: 'state not started in this browser' });
      return {
        targetOrigin: null,
        error: 'This sign-in was not started in this browser; close this window and try again.',
      };
    }
    const pending = (await this.deps.challenges.consumeToken<PendingLogin>('oidc-state', state))?.data;
    if (!pending)
      return {
        targetOrigin: null,
        error: 'This sign-in took too long or was already used; close this window and try again.',
      };
    const refuse = (reason: string, detail: Record<string, unknown> = {}): CallbackOutcome => {
      this.deps.logger.info('sign-in refused', {
        method: 'oidc',
        reason,
        hostWorkspaceId: pending.workspaceId,
        ...detail,
      });
      return {
        targetOrigin: pending.loginOrigin,
        error: reason === 'provider' ? 'The identity provider did not sign you in; try again.' : NOT_HERE,
      };
    };
    let identity: OidcIdentity;
    try {
      identity = await rp.finish(callbackUrl, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
    } catch (err) {
      return refuse('provider', { error: (err as Error).message?.slice(0, 200) });
    }
    if (!identity.email || !identity.emailVerified) return refuse('email not verified by the provider');
    const user = await this.deps.lookups.userByEmail(identity.email.trim().toLowerCase());
    const workspaceId = user ? await this.deps.signIn.chooseWorkspace(user.id, pending.workspaceId) : null;
    if (!user || !workspaceId) return refuse('no member with this address', { userId: user?.id ?? null });
    const code = await this.deps.challenges.issueToken<LoginResult>(
      'oidc-result',
      user.id,
      { userId: user.id, workspaceId, hostWorkspaceId: pending.workspaceId },
      HANDOFF_TTL_MS,
    );
    return { targetOrigin: pending.loginOrigin, code };
  }

  /** The result code of the popup, on the login host it was made for. */
  async exchange(code: string, hostWorkspaceId: string | null): Promise<{ userId: string; workspaceId: string }> {
    // A try on another login host leaves the code to the page it was made for.
    const data = await consumeWhereFits<LoginResult>(
      this.deps.challenges,
      'oidc-result',
      code,
      async (result) =>
        result.hostWorkspaceId === hostWorkspaceId &&
        (await this.deps.lookups.isMember(result.userId, result.workspaceId)),
    );
    if (!data) {
      this.deps.logger.info('sign-in refused', { method: 'oidc', reason: 'exchange', hostWorkspaceId });
      throw new AuthenticationError('This sign-in did not complete; try again', 'SIGN_IN_FAILED');
    }
    return { userId: data.userId, workspaceId: data.workspaceId };
  }
}
