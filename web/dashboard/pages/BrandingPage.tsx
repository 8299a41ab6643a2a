/**
 * Branding: the workspace address (slug), how the sign-in page looks with a live preview of the
 * unsaved draft, and the login background gallery. Admins only (routes.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../api.js';
import { Card, ErrorState, PageHeader, Skeleton, useLoad, useToast } from '../ui/index.js';
import { useSession } from '../SessionProvider.js';
import { brandingApi, type MediaItem, type WorkspaceBranding } from './branding/brandingApi.js';
import { SlugCard } from './branding/SlugCard.js';
import { LookForm, type LookDraft } from './branding/LookForm.js';
import { LoginPreview } from './branding/LoginPreview.js';
import { GalleryCard } from './branding/GalleryCard.js';
import './branding/branding.css';

const draftOf = (b: WorkspaceBranding): LookDraft => ({ displayName: b.displayName, ...b.branding });

/** Only what differs from the saved branding is sent. */
function changes(draft: LookDraft, saved: LookDraft): Partial<LookDraft> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as Array<keyof LookDraft>) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(saved[key])) out[key] = draft[key];
  }
  return out as Partial<LookDraft>;
}

export function BrandingPage() {
  const session = useSession();
  const toast = useToast();
  const branding = useLoad(() => brandingApi.get(), []);
  const gallery = useLoad(() => brandingApi.media(), []);
  const [draft, setDraft] = useState<LookDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (branding.data) setDraft(draftOf(branding.data));
  }, [branding.data]);

  if (branding.error && !branding.data)
    return (
      <>
        <PageHeader title="Branding" />
        <ErrorState error={branding.error} onRetry={branding.reload} />
      </>
    );
  if (!branding.data || !draft) {
    return (
      <>
        <PageHeader title="Branding" description="Your sign-in address, colors, logos and background." />
        <Card>
          <Skeleton lines={8} label="Loading branding…" />
        </Card>
      </>
    );
  }
  const saved = draftOf(branding.data);
  const diff = changes(draft, saved);
  const dirty = Object.keys(diff).length > 0;
  const items: MediaItem[] = gallery.data?.items ?? [];

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      branding.set(await brandingApi.update(diff));
      toast('Branding saved.');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Branding"
        description="Your sign-in address, colors, logos and background. The preview shows unsaved changes."
      />
      <div class="stack">
        <SlugCard
          slug={branding.data.slug}
          loginUrl={branding.data.loginUrl}
          plan={session.workspace.plan}
          onClaimed={branding.reload}
        />
        <div class="grid grid-main-side">
          <LookForm
            draft={draft}
            onChange={(patch) => setDraft({ ...draft, ...patch })}
            dirty={dirty}
            busy={saving}
            error={error}
            onSave={() => void save()}
            onDiscard={() => {
              setDraft(saved);
              setError(null);
            }}
          />
          <div class="preview-sticky">
            <Card title="Live preview" description={dirty ? 'Unsaved changes' : 'As your team sees it'}>
              <LoginPreview
                displayName={draft.displayName}
                slug={branding.data.slug}
                fields={draft}
                active={items.find((i) => i.active)}
              />
            </Card>
          </div>
        </div>
        {gallery.error && !gallery.data ? (
          <ErrorState error={gallery.error} onRetry={gallery.reload} />
        ) : gallery.data ? (
          <GalleryCard items={items} onItems={(next) => gallery.set({ items: next })} />
        ) : (
          <Card>
            <Skeleton lines={4} label="Loading the gallery…" />
          </Card>
        )}
      </div>
    </>
  );
}
