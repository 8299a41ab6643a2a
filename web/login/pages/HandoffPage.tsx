/** @jsxImportSource preact */
/** `/auth/handoff?code=`: the one-time switch to another workspace's host, posted at once. */
import { useEffect, useState } from 'preact/hooks';
import { follow, postJson, queryParam } from '../authApi.js';
import { BrandHeader } from '../BrandHeader.js';
import type { PageData } from '../pageData.js';
import { SignInLayout } from '../SignInLayout.js';
import { LiveNotice, type Notice } from '../ui.js';

export function HandoffPage({ data }: { data: PageData }) {
  const [notice, setNotice] = useState<Notice>({ kind: 'info', text: <><span class="spinner spinner--dark" aria-hidden="true" /> Signing you in…</> });
  useEffect(() => {
    const code = queryParam('code');
    if (!code) return setNotice({ kind: 'error', text: 'This link is incomplete.' });
    void postJson('/auth/handoff', { code }).then((outcome) => {
      if (outcome.ok) follow(outcome.body);
      else setNotice({ kind: 'error', text: outcome.error });
    });
  }, []);
  return (
    <SignInLayout branding={data.branding} confab={data.confab}>
      <BrandHeader branding={data.branding} confab={data.confab} title={`Switching to ${data.branding.displayName || 'your workspace'}`} subtitle={null} />
      <LiveNotice notice={notice} />
      {notice?.kind === 'error' ? <a class="text-link text-link--center" href="/login">Go to sign in</a> : null}
    </SignInLayout>
  );
}
