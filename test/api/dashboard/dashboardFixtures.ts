/**
 * Fixtures of the webhooks, API keys and account dashboard tests: a member's session in an
 * owner's workspace (invited and accepted over HTTP), trust in the HTTPS receiver's CA for this
 * process's dispatcher. Their chatbots and visitor conversations come from test/support/visitorChat.ts.
 */
import tls from 'node:tls';
import type { TestApp } from '../../support/testApp.js';
import { csrfTokenFor, hostRequest, sessionCookieOf, type SignedInWorkspace } from '../../support/signIn.js';
import { latestMailTo, linkIn } from '../../support/signInMail.js';
import { DASH } from './dashboardHarness.js';

let trusted: string[] = [];

/**
 * In-process twin of NODE_EXTRA_CA_CERTS (which only a new process reads): TLS connections
 * made without their own CA list also trust `caPem`, so the test app's own dispatcher can
 * deliver to a real local HTTPS receiver.
 */
export function trustCertificate(caPem: string): void {
  if (trusted.includes(caPem)) return;
  if (trusted.length === 0) {
    const original = tls.createSecureContext;
    tls.createSecureContext = (options = {}) =>
      original({ ...options, ca: options.ca ?? [...tls.rootCertificates, ...trusted] });
  }
  trusted = [...trusted, caPem];
}

/** Env of a test app whose dispatcher may deliver to 127.0.0.1 and retries at once. */
export const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_DELAYS_MS: '20,20,20',
  WEBHOOK_TIMEOUT_MS: '3000',
  RATE_LIMIT_PER_MINUTE: '100000',
};

export type Session = Pick<SignedInWorkspace, 'cookie' | 'csrfToken' | 'origin'> & { userId?: string; email?: string };

/** A new user invited to `owner`'s workspace with `role`, signed in there. */
export async function memberOf(
  app: TestApp,
  owner: SignedInWorkspace,
  role: 'admin' | 'member' = 'member',
): Promise<Session & { email: string }> {
  const email = `member-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const sent = await hostRequest(app, 'POST', `${DASH}/invites`, {
    origin: owner.origin,
    cookie: owner.cookie,
    csrfToken: owner.csrfToken,
    body: { email, role },
  });
  if (sent.status !== 201) throw new Error(`invite answered ${sent.status}: ${sent.text}`);
  const link = linkIn(latestMailTo(app, email), '/invite');
  const accepted = await hostRequest(app, 'POST', '/auth/invite/accept', {
    origin: link.origin,
    body: { token: link.searchParams.get('token'), name: 'Team Member', password: 'member-password-1' },
  });
  const cookie = sessionCookieOf(accepted);
  if (!cookie) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
  return { cookie, csrfToken: await csrfTokenFor(app, cookie, link.origin), origin: link.origin, email };
}
