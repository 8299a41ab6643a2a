/** @jsxImportSource preact */
/** `$PUBLIC_URL/signup`: a Free workspace, created once the address is confirmed by mail. */
import { useState } from 'preact/hooks';
import { postJson } from '../authApi.js';
import { BrandHeader } from '../BrandHeader.js';
import type { PageData } from '../pageData.js';
import { SignInLayout } from '../SignInLayout.js';
import { Button, Field, LiveNotice, type Notice } from '../Controls.js';

export function SignupPage({ data }: { data: PageData }) {
  const [form, setForm] = useState({ email: '', name: '', workspaceName: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: Event) {
    e.preventDefault();
    const missing = !form.email.trim()
      ? 'your email'
      : !form.name.trim()
        ? 'your name'
        : !form.workspaceName.trim()
          ? 'a workspace name'
          : '';
    if (missing) return setNotice({ kind: 'error', text: `Enter ${missing}.` });
    if (form.password.length < 8)
      return setNotice({ kind: 'error', text: 'Choose a password of at least 8 characters.' });
    setBusy(true);
    setNotice(null);
    const outcome = await postJson('/auth/signup', {
      ...form,
      email: form.email.trim(),
      name: form.name.trim(),
      workspaceName: form.workspaceName.trim(),
    });
    setBusy(false);
    if (outcome.ok) setSentTo(form.email.trim());
    else setNotice({ kind: 'error', text: outcome.error });
  }

  const footer = (
    <span>
      Already have a workspace? <a href="/login">Sign in</a>
    </span>
  );
  if (sentTo) {
    return (
      <SignInLayout branding={data.branding} confab footer={footer}>
        <BrandHeader branding={data.branding} confab title="Check your inbox" subtitle={null} />
        <LiveNotice
          notice={{
            kind: 'success',
            text: (
              <>
                We sent a confirmation link to <strong>{sentTo}</strong>. Open it to create your workspace and sign in.
              </>
            ),
          }}
        />
        <Button type="button" variant="ghost" onClick={() => setSentTo('')}>
          Use a different address
        </Button>
      </SignInLayout>
    );
  }
  return (
    <SignInLayout branding={data.branding} confab footer={footer}>
      <BrandHeader
        branding={data.branding}
        confab
        title="Create your workspace"
        subtitle="Free to start. No card needed."
      />
      <LiveNotice notice={notice} />
      <form class="lg-stack" onSubmit={submit} noValidate>
        <Field label="Email" name="email" type="email" autocomplete="email" value={form.email} onValue={set('email')} />
        <Field label="Your name" name="name" autocomplete="name" value={form.name} onValue={set('name')} />
        <Field
          label="Workspace name"
          name="workspaceName"
          autocomplete="organization"
          value={form.workspaceName}
          onValue={set('workspaceName')}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autocomplete="new-password"
          value={form.password}
          onValue={set('password')}
          hint="At least 8 characters."
        />
        <Button type="submit" busy={busy}>
          Create workspace
        </Button>
      </form>
    </SignInLayout>
  );
}
