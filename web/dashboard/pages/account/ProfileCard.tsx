/** The signed-in user's profile: name, phone, date of birth, address and time zone. */
import { useEffect, useState } from 'preact/hooks';
import { api, type ApiError, DASHBOARD_API } from '../../api.js';
import { Button, Card, fieldError, formError, TextField, useToast } from '../../ui/index.js';
import { TimezonePicker } from './TimezonePicker.js';
import type { Profile } from './types.js';

const LABELS = {
  name: 'Name',
  phone: 'Phone',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  timezone: 'Time zone',
} as const;

interface Draft {
  name: string;
  phone: string;
  dateOfBirth: string;
  address: string;
  timezone: string;
}

const draftOf = (p: Profile): Draft => ({
  name: p.name,
  phone: p.phone ?? '',
  dateOfBirth: p.dateOfBirth ?? '',
  address: p.address ?? '',
  timezone: p.timezone,
});

export function ProfileCard({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(draftOf(profile));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => setDraft(draftOf(profile)), [profile]);

  const set = (k: keyof Draft) => (v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    // An answer about the old value would mislead once the field changes.
    if (fieldError(error, k, LABELS)) setError(null);
  };
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(profile));
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    // Empty optional fields clear the value (null), as the API documents.
    const orNull = (v: string) => (v.trim() === '' ? null : v);
    try {
      const r = await api.send<{ data: Profile }>('PATCH', `${DASHBOARD_API}/account`, {
        name: draft.name,
        phone: orNull(draft.phone),
        dateOfBirth: orNull(draft.dateOfBirth),
        address: orNull(draft.address),
        timezone: draft.timezone,
      });
      onSaved(r.data);
      toast('Profile saved.');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const general = formError(error, LABELS);
  const errorOf = (field: keyof typeof LABELS) => fieldError(error, field, LABELS);
  const today = new Date().toISOString().slice(0, 10);

  return (
    <Card title="Profile" description="How you appear to your team, and the time zone your dates are shown in.">
      <form onSubmit={save} noValidate>
        {general && (
          <div class="callout callout-danger form-alert" role="alert">
            {general}
          </div>
        )}
        <div class="grid grid-2 form-grid">
          <TextField
            label={LABELS.name}
            value={draft.name}
            onInput={set('name')}
            maxLength={200}
            required
            error={errorOf('name')}
            inputProps={{ autocomplete: 'name' }}
          />
          <TextField
            label={LABELS.phone}
            aside="optional"
            type="tel"
            value={draft.phone}
            onInput={set('phone')}
            error={errorOf('phone')}
            hint="6 to 20 digits; +, spaces, dashes and parentheses are fine."
            inputProps={{ autocomplete: 'tel' }}
          />
          <TextField
            label={LABELS.dateOfBirth}
            aside="optional"
            type="date"
            value={draft.dateOfBirth}
            onInput={set('dateOfBirth')}
            error={errorOf('dateOfBirth')}
            inputProps={{ min: '1900-01-01', max: today, autocomplete: 'bday' }}
          />
          <TimezonePicker value={draft.timezone} onChange={set('timezone')} error={errorOf('timezone')} />
        </div>
        <div class="form-gap">
          <TextField
            label={LABELS.address}
            aside="optional"
            multiline
            rows={3}
            value={draft.address}
            onInput={set('address')}
            maxLength={500}
            error={errorOf('address')}
          />
        </div>
        <div class="form-actions">
          <Button
            onClick={() => {
              setDraft(draftOf(profile));
              setError(null);
            }}
            disabled={!dirty || busy}
          >
            Discard changes
          </Button>
          <Button variant="primary" type="submit" busy={busy} disabled={!dirty}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
