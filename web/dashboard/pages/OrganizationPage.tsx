/**
 * Organization details (docs/branding.md): description, website, industry, size, country (ISO
 * 3166-1 alpha-2, picked by name) and time zone (IANA, the account page's searchable picker).
 */
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../api.js';
import {
  Button,
  Card,
  ErrorState,
  fieldError,
  formError,
  PageHeader,
  Select,
  Skeleton,
  TextField,
  useClientChecks,
  useLoad,
  useToast,
  webAddressProblem,
} from '../ui/index.js';
import { TimezonePicker } from './account/TimezonePicker.js';
import { COMPANY_SIZES, INDUSTRIES, MAX_ORGANIZATION_DESCRIPTION } from '../../../domain/workspace/brandingOptions.js';
import { brandingApi, type Organization } from './branding/brandingApi.js';

const LABELS = {
  description: 'Description',
  website: 'Website',
  industry: 'Industry',
  companySize: 'Company size',
  country: 'Country',
  timezone: 'Time zone',
} as const;

interface Draft {
  description: string;
  website: string;
  industry: string;
  companySize: string;
  country: string;
  timezone: string;
}

const draftOf = (o: Organization): Draft => ({
  description: o.description ?? '',
  website: o.website ?? '',
  industry: o.industry ?? '',
  companySize: o.companySize ?? '',
  country: o.country ?? '',
  timezone: o.timezone ?? '',
});

/** Empty optional fields clear the value (null); the description is text, empty when cleared. */
function patchOf(draft: Draft, saved: Draft): Partial<Organization> {
  const out: Record<string, string | null> = {};
  for (const key of Object.keys(draft) as Array<keyof Draft>) {
    if (draft[key] === saved[key]) continue;
    out[key] = key === 'description' ? draft[key] : draft[key].trim() === '' ? null : draft[key].trim();
  }
  return out as Partial<Organization>;
}

export function OrganizationPage() {
  const toast = useToast();
  const loaded = useLoad(() => brandingApi.get(), []);
  const countries = useLoad(() => brandingApi.countries(), []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (loaded.data) setDraft(draftOf(loaded.data.organization));
  }, [loaded.data]);
  const checks = useClientChecks({ website: webAddressProblem(LABELS.website, draft?.website ?? '') });

  const header = (
    <PageHeader
      title="Organization"
      description="Who you are: shown with your public branding and used for your workspace's defaults."
    />
  );
  if (loaded.error && !loaded.data)
    return (
      <>
        {header}
        <ErrorState error={loaded.error} onRetry={loaded.reload} />
      </>
    );
  if (!loaded.data || !draft)
    return (
      <>
        {header}
        <Card>
          <Skeleton lines={6} label="Loading organization…" />
        </Card>
      </>
    );

  const saved = draftOf(loaded.data.organization);
  const patch = patchOf(draft, saved);
  const dirty = Object.keys(patch).length > 0;
  const set = (key: keyof Draft) => (value: string) => setDraft({ ...draft, [key]: value });
  const save = async (e: Event) => {
    e.preventDefault();
    if (!checks.attempt()) return;
    setBusy(true);
    setError(null);
    try {
      loaded.set(await brandingApi.updateOrganization(patch));
      toast('Organization saved.');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const general = formError(error, LABELS);
  // The form's own finding first (it is about the value on screen), then the server's.
  const errorOf = (field: keyof typeof LABELS) => checks.shown(field) ?? fieldError(error, field, LABELS);
  const none = (label: string) => ({ value: '', label });

  return (
    <>
      {header}
      <Card title="Details">
        <form onSubmit={save} noValidate>
          {general && (
            <div class="callout callout-danger form-alert" role="alert">
              {general}
            </div>
          )}
          <div class="stack">
            <TextField
              label={LABELS.description}
              aside="optional"
              multiline
              rows={4}
              value={draft.description}
              onInput={set('description')}
              maxLength={MAX_ORGANIZATION_DESCRIPTION}
              hint={`${[...draft.description].length} of ${MAX_ORGANIZATION_DESCRIPTION} characters.`}
              error={errorOf('description')}
            />
            <TextField
              label={LABELS.website}
              aside="optional"
              type="url"
              value={draft.website}
              onInput={set('website')}
              placeholder="https://example.com"
              error={errorOf('website')}
              inputProps={{ onBlur: (e: FocusEvent) => checks.touch('website', e) }}
            />
            <div class="grid grid-2 form-grid">
              <Select
                label={LABELS.industry}
                value={draft.industry}
                onChange={set('industry')}
                options={[none('Not set'), ...INDUSTRIES.map((i) => ({ value: i, label: i }))]}
                error={errorOf('industry')}
              />
              <Select
                label={LABELS.companySize}
                value={draft.companySize}
                onChange={set('companySize')}
                options={[none('Not set'), ...COMPANY_SIZES.map((s) => ({ value: s, label: `${s} people` }))]}
                error={errorOf('companySize')}
              />
              <Select
                label={LABELS.country}
                value={draft.country}
                onChange={set('country')}
                disabled={!countries.data}
                hint={countries.error ? 'The country list could not be loaded.' : undefined}
                options={[
                  none(countries.data ? 'Not set' : 'Loading countries…'),
                  ...(countries.data?.countries ?? []).map((c) => ({ value: c.code, label: c.name })),
                ]}
                error={errorOf('country')}
              />
              <TimezonePicker value={draft.timezone} onChange={set('timezone')} error={errorOf('timezone')} />
            </div>
          </div>
          <div class="form-actions">
            <Button
              onClick={() => {
                setDraft(saved);
                setError(null);
                checks.reset();
              }}
              disabled={!dirty || busy}
            >
              Discard changes
            </Button>
            <Button variant="primary" type="submit" busy={busy} disabled={!dirty}>
              Save organization
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
