/**
 * The OpenID Connect relying party (openid-client v6): discovery from OIDC_ISSUER on first
 * use (and again after a failure), the authorization code flow with PKCE S256, state and
 * nonce, and the one redirect URI `$PUBLIC_URL/auth/oidc/callback` (docs/sign-in.md).
 *
 * Only an `http:` issuer (a provider on this machine or in a test) turns on openid-client's
 * allowInsecureRequests; an https issuer is used as the library requires.
 */
import * as client from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  providerName: string;
}

/** What the callback learns about the person: only what sign-in needs. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcRelyingParty {
  readonly name: string;
  /** A fresh nonce and PKCE verifier; the caller picks the state (its challenge token). */
  newChecks(state: string): Pick<OidcChecks, 'nonce' | 'codeVerifier'> & { state: string };
  authorizationUrl(checks: OidcChecks): Promise<URL>;
  /** Trades the callback's code (in `callbackUrl`) for the ID token and checks state, nonce and PKCE. */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity>;
}

export function createOidcRelyingParty(settings: OidcSettings, redirectUri: string): OidcRelyingParty {
  let configuration: Promise<client.Configuration> | null = null;
  const discover = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
        settings.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        configuration = null;
        throw err;
      });
    return configuration;
  };

  return {
    name: settings.providerName,
    newChecks: (state) => ({ state, nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() }),

    async authorizationUrl(checks) {
      const config = await discover();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      });
    },

    async finish(callbackUrl, checks) {
      const config = await discover();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      let email = typeof claims.email === 'string' ? claims.email : null;
      let verified = claims.email_verified === true;
      if (email === null) {
        // Some providers put the address in userinfo only.
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        verified = info.email_verified === true;
      }
      return { subject: claims.sub, email, emailVerified: verified };
    },
  };
}
