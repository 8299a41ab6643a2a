/** @jsxImportSource preact */
/**
 * A page a mailed link opens: it shows one button that POSTs the link's token, so a scanner that
 * prefetches the GET burns nothing. Used by the magic link and the signup confirmation.
 */
import { useState } from 'preact/hooks';
import { follow, postJson, queryParam } from '../authApi.js';
import { BrandHeader } from '../BrandHeader.js';
import type { PageData } from '../pageData.js';
import { SignInLayout } from '../SignInLayout.js';
import { Button, LiveNotice, type Notice } from '../Controls.js';

interface Props {
  data: PageData;
  title: string;
  subtitle: string;
  button: string;
  endpoint: string;
}

export function TokenActionPage({ data, title, subtitle, button, endpoint }: Props) {
  const token = queryParam('token');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(
    token
      ? null
      : {
          kind: 'error',
          text: 'This link is incomplete. Open the link from your email again, or sign in another way.',
        },
  );

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    const outcome = await postJson(endpoint, { token });
    if (outcome.ok) return follow(outcome.body);
    setBusy(false);
    setNotice({ kind: 'error', text: outcome.error });
  }

  return (
    <SignInLayout branding={data.branding} confab={data.confab}>
      <BrandHeader branding={data.branding} confab={data.confab} title={title} subtitle={subtitle} />
      <LiveNotice notice={notice} />
      <form class="lg-stack" onSubmit={submit}>
        <Button type="submit" busy={busy} disabled={!token}>
          {button}
        </Button>
        <a class="lg-text-link lg-text-link--center" href="/login">
          Sign in another way
        </a>
      </form>
    </SignInLayout>
  );
}
