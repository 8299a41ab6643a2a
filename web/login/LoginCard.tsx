/** @jsxImportSource preact */
/**
 * The sign-in card, pure: branding and handlers in, no I/O of its own. The login page wires the
 * handlers to /auth/*; the dashboard's Branding page renders it as a live preview without them
 * (it carries its own brand color variables; bundle web/login/login.css with it).
 * Accessible names are the documented ones (docs/sign-in.md): tests find the controls by them.
 */
import { useRef, useState } from 'preact/hooks';
import type { Outcome } from './authApi.js';
import { BrandHeader } from './BrandHeader.js';
import { themeVars } from './theme.js';
import type { LoginBranding } from './pageData.js';
import { Button, Divider, Field, LiveNotice, type Notice } from './Controls.js';

export interface LoginHandlers {
  /** Each answers the endpoint's outcome; on success with a redirect the handler navigates. */
  password(email: string, password: string): Promise<Outcome>;
  sendCode(email: string): Promise<Outcome>;
  verifyCode(email: string, code: string): Promise<Outcome>;
  sendLink(email: string): Promise<Outcome>;
  provider(id: string): Promise<Outcome>;
}

export interface LoginCardProps {
  branding: LoginBranding;
  providers: Array<{ id: string; name: string }>;
  /** Absent in a preview: the controls are shown but do nothing. */
  handlers?: LoginHandlers;
  /** The main-domain page: Confab's mark and a link to create a workspace. */
  confab?: boolean;
}

type Step = 'start' | 'code' | 'linkSent';
type Action = 'password' | 'sendCode' | 'verify' | 'sendLink' | `provider:${string}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function LoginCard({ branding, providers, handlers, confab }: LoginCardProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>('start');
  const [busy, setBusy] = useState<Action | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const focusField = (name: string) =>
    formRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();

  /** Runs one action; the card stays busy after a success that navigates away. */
  async function run(
    action: Action,
    call: (() => Promise<Outcome>) | undefined,
    onOk?: (o: Outcome & { ok: true }) => void,
  ) {
    if (!call || busy) return;
    setBusy(action);
    setNotice(null);
    const outcome = await call();
    if (outcome.ok) {
      onOk?.(outcome);
      if (!onOk) return; // navigating: keep the spinner until the next page paints
    } else {
      setNotice({ kind: 'error', text: outcome.error });
    }
    setBusy(null);
  }

  function needEmail(): boolean {
    if (EMAIL.test(email.trim())) return true;
    setNotice({
      kind: 'error',
      text: email.trim() ? 'Enter a valid email address, like name@company.com.' : 'Enter your email address first.',
    });
    focusField('email');
    return false;
  }

  function signIn(e: Event) {
    e.preventDefault();
    if (!needEmail()) return;
    if (!password) {
      setNotice({ kind: 'error', text: 'Enter your password, or get a code or a sign-in link by email.' });
      return focusField('password');
    }
    void run('password', handlers && (() => handlers.password(email.trim(), password)));
  }

  /** Mails a code or a link; the same neutral notice whether or not the address has an account. */
  function emailMe(kind: 'sendCode' | 'sendLink') {
    if (!needEmail()) return;
    const to = email.trim();
    const call = handlers && (() => (kind === 'sendCode' ? handlers.sendCode(to) : handlers.sendLink(to)));
    const what =
      kind === 'sendCode'
        ? 'a 6-digit code is on its way. It works for 10 minutes.'
        : 'a sign-in link is on its way. It works once, for 15 minutes.';
    void run(kind, call, () => {
      setStep(kind === 'sendCode' ? 'code' : 'linkSent');
      setCode('');
      setNotice({
        kind: 'success',
        text: (
          <>
            Check your inbox. If <strong>{to}</strong> has an account, {what}
          </>
        ),
      });
      if (kind === 'sendCode') setTimeout(() => focusField('code'), 0);
    });
  }
  const sendCode = () => emailMe('sendCode');
  const sendLink = () => emailMe('sendLink');

  function verify(e: Event) {
    e.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setNotice({ kind: 'error', text: 'Enter the 6-digit code from the email.' });
      return focusField('code');
    }
    void run('verify', handlers && (() => handlers.verifyCode(email.trim(), digits)));
  }

  function back() {
    setStep('start');
    setNotice(null);
    setTimeout(() => focusField('email'), 0);
  }

  const title = `Sign in to ${branding.displayName || 'Confab'}`;
  return (
    <div class="lg-login" ref={formRef} style={themeVars(branding)}>
      <BrandHeader branding={branding} confab={confab} title={title} />
      <LiveNotice notice={notice} />
      {step === 'start' ? (
        <>
          <form class="lg-stack" onSubmit={signIn} noValidate>
            <Field
              label="Email"
              name="email"
              type="email"
              autocomplete="username"
              inputMode="email"
              required
              value={email}
              onValue={setEmail}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autocomplete="current-password"
              value={password}
              onValue={setPassword}
            />
            <Button type="submit" busy={busy === 'password'}>
              Sign in
            </Button>
          </form>
          <Divider>or</Divider>
          <div class="lg-stack lg-stack--tight">
            <Button type="button" variant="secondary" busy={busy === 'sendCode'} onClick={sendCode}>
              Email me a code
            </Button>
            <Button type="button" variant="secondary" busy={busy === 'sendLink'} onClick={sendLink}>
              Email me a sign-in link
            </Button>
            {providers.map((p) => (
              <Button
                key={p.id}
                type="button"
                variant="secondary"
                busy={busy === `provider:${p.id}`}
                onClick={() => void run(`provider:${p.id}`, handlers && (() => handlers.provider(p.id)))}
              >
                Continue with {p.name}
              </Button>
            ))}
          </div>
        </>
      ) : step === 'code' ? (
        <form class="lg-stack" onSubmit={verify} noValidate>
          <Field
            label="Code"
            name="code"
            inputMode="numeric"
            autocomplete="one-time-code"
            maxLength={7}
            pattern="[0-9 ]*"
            value={code}
            onValue={setCode}
            class="lg-field__input lg-field__input--code"
          />
          <Button type="submit" busy={busy === 'verify'}>
            Verify
          </Button>
          <div class="lg-row">
            <Button type="button" variant="ghost" onClick={back}>
              Use another way
            </Button>
            <Button type="button" variant="ghost" busy={busy === 'sendCode'} onClick={sendCode}>
              Send a new code
            </Button>
          </div>
        </form>
      ) : (
        <div class="lg-stack">
          <Button type="button" variant="ghost" onClick={back}>
            Back to sign in
          </Button>
        </div>
      )}
    </div>
  );
}
