/**
 * Set or change the password (POST /api/v1/dashboard/account/password, the sign-in module's):
 * every other session of the user ends; this one gets a fresh cookie.
 */
import { useState } from 'preact/hooks';
import { api, type ApiError, DASHBOARD_API, setCsrfToken } from '../../api.js';
import { Button, Card, fieldError, formError, TextField, useToast } from '../../ui/index.js';

const MIN_LENGTH = 8;
const LABELS = { currentPassword: 'Current password', newPassword: 'New password' } as const;

export function PasswordCard() {
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const mismatch = repeat !== '' && repeat !== next ? 'The two passwords differ.' : null;
  const tooShort = next !== '' && next.length < MIN_LENGTH ? `At least ${MIN_LENGTH} characters.` : null;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (mismatch || tooShort || !next) return;
    setBusy(true);
    setError(null);
    try {
      await api.send('POST', `${DASHBOARD_API}/account/password`, {
        ...(current ? { currentPassword: current } : {}),
        newPassword: next,
      });
      // The answer set a fresh session cookie, and the CSRF token is bound to the session.
      setCsrfToken((await api.get<{ csrfToken: string }>('/auth/session')).csrfToken);
      setCurrent('');
      setNext('');
      setRepeat('');
      toast('Password saved. Your other sessions were signed out.');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  // A wrong current password is its field's problem even if a server names no field for it.
  const currentError =
    fieldError(error, 'currentPassword', LABELS) ??
    (error?.code === 'WRONG_PASSWORD' ? 'The current password is incorrect.' : null);
  const general = currentError ? null : formError(error, LABELS);

  return (
    <Card title="Password" description="Changing it signs you out everywhere else.">
      <form onSubmit={submit} noValidate>
        {general && (
          <div class="callout callout-danger form-alert" role="alert">
            {general}
          </div>
        )}
        <div class="grid grid-3 form-grid">
          <TextField
            label={LABELS.currentPassword}
            aside="if you have one"
            type="password"
            value={current}
            onInput={setCurrent}
            error={currentError}
            inputProps={{ autocomplete: 'current-password' }}
          />
          <TextField
            label={LABELS.newPassword}
            type="password"
            value={next}
            onInput={setNext}
            required
            error={fieldError(error, 'newPassword', LABELS) ?? tooShort}
            inputProps={{ autocomplete: 'new-password', minLength: MIN_LENGTH }}
          />
          <TextField
            label="Repeat new password"
            type="password"
            value={repeat}
            onInput={setRepeat}
            required
            error={mismatch}
            inputProps={{ autocomplete: 'new-password' }}
          />
        </div>
        <div class="form-actions">
          <Button variant="primary" type="submit" busy={busy} disabled={!next || !repeat || !!mismatch || !!tooShort}>
            Save password
          </Button>
        </div>
      </form>
    </Card>
  );
}
