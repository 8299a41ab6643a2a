/**
 * A live preview of the workspace's sign-in page: the real card and layout of the login bundle
 * (web/login), drawn from the unsaved draft at desktop size and scaled to fit the panel. Inert:
 * nothing in it can be focused or clicked, and screen readers skip it (the form beside it is
 * what they use).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { SignInLayout } from '../../../login/SignInLayout.js';
import { LoginCard } from '../../../login/LoginCard.js';
import type { LoginBranding, LoginMedia } from '../../../login/pageData.js';
import '../../../login/login.css';
import type { BrandingFields, MediaItem } from './brandingApi.js';
import { mediaPath } from './mediaPath.js';

const STAGE = { width: 1280, height: 800 };

export function previewMedia(item: MediaItem | undefined): LoginMedia[] {
  if (!item) return [];
  return [
    {
      id: item.id,
      url: mediaPath(item.mediaUrl),
      type: item.mediaType,
      adUrl: item.adUrl,
      adLabel: item.adLabel,
      slideDuration: item.slideDuration,
      // The preview shows the ad link but must never count a click.
      clickUrl: item.adUrl ? '#' : null,
    },
  ];
}

export function LoginPreview({
  displayName,
  slug,
  fields,
  active,
}: {
  displayName: string;
  slug: string | null;
  fields: BrandingFields;
  active?: MediaItem;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(el.clientWidth / STAGE.width);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const branding: LoginBranding = {
    slug,
    displayName: displayName || 'Your workspace',
    loginLogo: fields.loginLogo,
    primaryColor: fields.primaryColor,
    secondaryColor: fields.secondaryColor,
    tagline: fields.tagline,
    display: fields.display,
    media: previewMedia(active),
  };
  return (
    <div
      class="brand-preview"
      ref={box}
      style={{ height: `${Math.round(STAGE.height * scale)}px` }}
      data-testid="login-preview"
    >
      <div
        class="brand-preview-stage"
        inert
        style={{ width: `${STAGE.width}px`, height: `${STAGE.height}px`, transform: `scale(${scale})` }}
        aria-hidden="true"
      >
        <SignInLayout branding={branding}>
          <LoginCard branding={branding} providers={[]} />
        </SignInLayout>
      </div>
    </div>
  );
}
