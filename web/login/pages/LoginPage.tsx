/** @jsxImportSource preact */
/** `/login`: the card wired to the sign-in endpoints, the provider list and the OIDC popup. */
import { useEffect, useState } from 'preact/hooks';
import { fetchProviders, follow, postJson, queryParam, type Outcome, type Provider } from '../authApi.js';
import { safeNext } from '../../../domain/signIn/safeNext.js';
import { LoginCard, type LoginHandlers } from '../LoginCard.js';
import { openOidcPopup, startUrlFor } from '../oidcPopup.js';
import type { PageData } from '../pageData.js';
import { SignInLayout } from '../SignInLayout.js';

/**
 * Posts and, on success, goes where the answer says, or to `?next=` when the answer stays on
 * this host (a handoff to the workspace's own host goes first).
 */
async function signInWith(path: string, body: unknown): Promise<Outcome> {
  const outcome = await postJson(path, body);
  if (!outcome.ok) return outcome;
  const next = safeNext(queryParam('next'));
  const redirect = typeof outcome.body?.redirect === 'string' ? new URL(outcome.body.redirect, location.href) : null;
  if (next && (!redirect || redirect.origin === location.origin)) location.assign(next);
  else follow(outcome.body);
  return outcome;
}

export function LoginPage({ data }: { data: PageData }) {
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    void fetchProviders().then(setProviders);
  }, []);

  const handlers: LoginHandlers = {
    password: (email, password) => signInWith('/auth/password', { email, password }),
    sendCode: (email) => postJson('/auth/code', { email }),
    verifyCode: (email, code) => signInWith('/auth/code/verify', { email, code }),
    sendLink: (email) => postJson('/auth/magic-link', { email }),
    async provider(id) {
      const p = providers.find((x) => x.id === id);
      const popup = await openOidcPopup(
        startUrlFor(p?.startUrl ?? '', data.publicUrl, data.branding.slug),
        data.publicUrl,
      );
      if (!popup.ok) return { ok: false, status: 0, error: popup.error };
      return signInWith('/auth/oidc/exchange', { code: popup.code });
    },
  };

  const footer = data.confab ? (
    <span>
      New to Confab? <a href="/signup">Create a workspace</a>
    </span>
  ) : undefined;
  return (
    <SignInLayout branding={data.branding} confab={data.confab} footer={footer}>
      <LoginCard branding={data.branding} providers={providers} handlers={handlers} confab={data.confab} />
    </SignInLayout>
  );
}
