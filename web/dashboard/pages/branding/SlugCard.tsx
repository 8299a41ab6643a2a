/**
 * The workspace address: the current slug and sign-in link, and a field that checks a new slug
 * as it is typed (the public check endpoint gives the reason when it cannot be had).
 */
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Badge, Button, Card, Field, useId, useToast } from '../../ui/index.js';
import { planAtLeast, type Plan } from '../../SessionProvider.js';
import { readConfig } from '../../config.js';
import { brandingApi, type SlugCheck } from './brandingApi.js';

const CHECK_DELAY_MS = 300;

type Status =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'result'; check: SlugCheck }
  | { kind: 'error'; message: string };

function useSlugCheck(slug: string, current: string | null): Status {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  useEffect(() => {
    const wanted = slug.trim().toLowerCase();
    if (!wanted || wanted === current) return setStatus({ kind: 'idle' });
    setStatus({ kind: 'checking' });
    let stale = false;
    const timer = setTimeout(() => {
      brandingApi.checkSlug(wanted).then(
        (check) => !stale && setStatus({ kind: 'result', check }),
        (err: ApiError) => !stale && setStatus({ kind: 'error', message: err.message }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [slug, current]);
  return status;
}

function StatusLine({ status, id }: { status: Status; id: string }) {
  let content = null;
  if (status.kind === 'checking') content = <span class="muted">Checking…</span>;
  else if (status.kind === 'error') content = <span class="slug-status-bad">{status.message}</span>;
  else if (status.kind === 'result')
    content = status.check.available ? (
      <span class="slug-status-ok">✓ {status.check.slug} is available</span>
    ) : (
      <span class="slug-status-bad">✗ {status.check.reason}</span>
    );
  return (
    <p class="slug-status" id={id} role="status" aria-live="polite">
      {content}
    </p>
  );
}

export function SlugCard({
  slug,
  loginUrl,
  plan,
  onClaimed,
}: {
  slug: string | null;
  loginUrl: string;
  plan: Plan;
  onClaimed: () => void;
}) {
  const toast = useToast();
  const id = useId('slug');
  const [value, setValue] = useState(slug ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useSlugCheck(value, slug);
  const paid = planAtLeast(plan, 'starter');
  const claimable = status.kind === 'result' && status.check.available;

  const claim = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await brandingApi.claimSlug(value.trim().toLowerCase());
      toast(r.message);
      onClaimed();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Workspace address"
      description="Your team signs in on your own subdomain, with your branding."
      actions={slug ? <Badge tone="success">Live</Badge> : <Badge>Not set</Badge>}
    >
      {slug && (
        <p style={{ marginBottom: '14px' }}>
          Sign-in page:{' '}
          <a href={loginUrl} target="_blank" rel="noopener">
            {loginUrl}
          </a>
        </p>
      )}
      {!paid && (
        <div class="callout" role="note" style={{ marginBottom: '14px' }}>
          <div>
            <h2>A custom subdomain needs a paid plan</h2>
            <p class="muted">
              On Starter and above your team signs in at your-name.{readConfig().workspaceDomain}, with your branding.
            </p>
          </div>
        </div>
      )}
      <form onSubmit={claim} noValidate>
        <Field
          id={id}
          label={slug ? 'Change subdomain' : 'Subdomain'}
          error={error}
          hint="4–15 characters: lowercase letters, digits and single hyphens, starting with a letter."
        >
          <div class="slug-input">
            <input
              id={id}
              class="input"
              value={value}
              disabled={!paid}
              maxLength={15}
              autocomplete="off"
              spellcheck={false}
              aria-describedby={`${id}-status ${id}-${error ? 'error' : 'hint'}`}
              aria-invalid={status.kind === 'result' && !status.check.available ? 'true' : undefined}
              onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
            />
            <span class="slug-suffix" aria-hidden="true">
              .{readConfig().workspaceDomain}
            </span>
          </div>
        </Field>
        <StatusLine status={status} id={`${id}-status`} />
        <div class="form-actions">
          <Button variant="primary" type="submit" busy={busy} disabled={!paid || !claimable}>
            {slug ? 'Change subdomain' : 'Claim subdomain'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
