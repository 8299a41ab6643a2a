/** @jsxImportSource preact */
/**
 * `/invite?token=`: a new member picks a name and password; someone who already has a Confab
 * account accepts with that account's password (the server decides which applies and says so).
 */
import { useState } from 'preact/hooks';
import { follow, postJson, queryParam } from '../authApi.js';
import { BrandHeader } from '../BrandHeader.js';
import { workspaceOf, type PageData } from '../pageData.js';
import { SignInLayout } from '../SignInLayout.js';
import { Button, Divider, Field, LiveNotice, type Notice } from '../Controls.js';

export function InvitePage({ data }: { data: PageData }) {
  const token = queryParam('token');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'new' | 'existing' | null>(null);
  const [notice, setNotice] = useState<Notice>(
    token ? null : { kind: 'error', text: 'This invitation link is incomplete. Open the link from your email again.' },
  );

  async function accept(kind: 'new' | 'existing', body: Record<string, string>) {
    setBusy(kind);
    setNotice(null);
    const outcome = await postJson('/auth/invite/accept', { token, ...body });
    if (outcome.ok) return follow(outcome.body);
    setBusy(null);
    setNotice({ kind: 'error', text: outcome.error });
  }

  // An existing account proves itself with its own password before it joins.
  function askForAccountPassword() {
    setNotice({ kind: 'error', text: 'Enter the password of your Confab account in Password, then accept again.' });
  }

  function createAccount(e: Event) {
    e.preventDefault();
    if (!name.trim()) return setNotice({ kind: 'error', text: 'Enter your name.' });
    if (!password) return setNotice({ kind: 'error', text: 'Choose a password.' });
    void accept('new', { name: name.trim(), password });
  }

  // Named only when known for sure (the host's own workspace, or the link's live token): never "Join Confab".
  const workspace = workspaceOf(data);
  const title = workspace ? `Join ${workspace}` : 'Accept your invitation';
  const subtitle = workspace
    ? 'You were invited. Set up your account to accept.'
    : 'You were invited to a workspace on Confab. Set up your account to accept.';
  return (
    <SignInLayout branding={data.branding} confab={data.confab}>
      <BrandHeader branding={data.branding} confab={data.confab} title={title} subtitle={subtitle} />
      <LiveNotice notice={notice} />
      <form class="lg-stack" onSubmit={createAccount} noValidate>
        <Field label="Your name" name="name" autocomplete="name" value={name} onValue={setName} />
        <Field
          label="Password"
          name="password"
          type="password"
          autocomplete="new-password"
          value={password}
          onValue={setPassword}
          hint="At least 8 characters. Already use Confab? Your account's password."
        />
        <Button type="submit" busy={busy === 'new'} disabled={!token}>
          Accept invitation
        </Button>
      </form>
      <Divider>already use Confab?</Divider>
      <Button
        type="button"
        variant="secondary"
        busy={busy === 'existing'}
        disabled={!token}
        onClick={() => (password ? void accept('existing', { password }) : askForAccountPassword())}
      >
        Accept with my existing account
      </Button>
    </SignInLayout>
  );
}
