/**
 * The three-step email change: the new address → a code mailed to the current inbox → a code
 * mailed to the new inbox → changed (the old address gets a notice). Codes last 10 minutes.
 */
import { useState } from 'preact/hooks';
import { api, type ApiError, DASHBOARD_API } from '../../api.js';
import { Button, Card, fieldError, TextField, useToast } from '../../ui/index.js';

type Step = 'idle' | 'newEmail' | 'currentCode' | 'newCode';
const STEPS: { key: Step; label: string }[] = [
  { key: 'newEmail', label: 'New address' },
  { key: 'currentCode', label: 'Code from current inbox' },
  { key: 'newCode', label: 'Code from new inbox' },
];
const ENDPOINT: Record<Exclude<Step, 'idle'>, string> = {
  newEmail: 'request-change',
  currentCode: 'verify-identity',
  newCode: 'confirm-change',
};
const LABELS = { newEmail: 'New email address', otp: 'Code' } as const;

function StepsIndicator({ step }: { step: Step }) {
  const at = STEPS.findIndex((s) => s.key === step);
  return (
    <ol class="steps-indicator" aria-label="Email change steps">
      {STEPS.map((s, i) => (
        <li key={s.key} class={i < at ? 'done' : ''} aria-current={i === at ? 'step' : undefined}>
          <span class="step-dot" aria-hidden="true">
            {i < at ? '✓' : i + 1}
          </span>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

export function EmailChangeCard({ email, onChanged }: { email: string; onChanged: (email: string) => void }) {
  const toast = useToast();
  const [step, setStep] = useState<Step>('idle');
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const cancel = () => {
    setStep('idle');
    setNewEmail('');
    setCode('');
    setError(null);
    setNote(null);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (step === 'idle') return;
    setBusy(true);
    setError(null);
    try {
      const body =
        step === 'newEmail' ? { newEmail: newEmail.trim() } : { newEmail: newEmail.trim(), otp: code.trim() };
      const r = await api.send<{ data: { message: string; newEmail?: string } }>(
        'POST',
        `${DASHBOARD_API}/account/email/${ENDPOINT[step]}`,
        body,
      );
      setCode('');
      if (step === 'newCode') {
        onChanged(r.data.newEmail ?? newEmail.trim());
        toast('Email address changed.');
        cancel();
        return;
      }
      setNote(r.data.message);
      setStep(step === 'newEmail' ? 'currentCode' : 'newCode');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };

  const codeError =
    fieldError(error, 'otp', LABELS) ?? (error && !fieldError(error, 'newEmail', LABELS) ? error.message : null);
  return (
    <Card
      title="Email address"
      description="You sign in with it and receive codes and notices there."
      actions={step === 'idle' ? <Button onClick={() => setStep('newEmail')}>Change email</Button> : undefined}
    >
      <p>
        <span class="muted">Current address: </span>
        <strong>{email}</strong>
      </p>
      {step !== 'idle' && (
        <form class="form-gap" onSubmit={submit} noValidate>
          <StepsIndicator step={step} />
          {note && (
            <p class="small muted step-note" role="status">
              {note}
            </p>
          )}
          {step === 'newEmail' ? (
            <TextField
              label={LABELS.newEmail}
              type="email"
              value={newEmail}
              onInput={setNewEmail}
              required
              autoFocus
              error={fieldError(error, 'newEmail', LABELS) ?? (error ? error.message : null)}
              hint={`We first send a code to ${email} to make sure it is you.`}
              inputProps={{ autocomplete: 'email' }}
            />
          ) : (
            <TextField
              key={step}
              label={step === 'currentCode' ? `Code sent to ${email}` : `Code sent to ${newEmail.trim()}`}
              value={code}
              onInput={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
              required
              autoFocus
              error={codeError}
              hint="6 digits, valid for 10 minutes."
              inputProps={{ inputMode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}' }}
            />
          )}
          <div class="form-actions">
            <Button onClick={cancel} disabled={busy}>
              Cancel
            </Button>
            {step !== 'newEmail' && (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  setStep('newEmail');
                  setCode('');
                  setError(null);
                  setNote(null);
                }}
              >
                Start over
              </Button>
            )}
            <Button
              variant="primary"
              type="submit"
              busy={busy}
              disabled={step === 'newEmail' ? !newEmail.trim() : code.length !== 6}
            >
              {step === 'newEmail' ? 'Send code' : step === 'currentCode' ? 'Verify' : 'Confirm change'}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
