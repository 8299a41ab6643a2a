/** @jsxImportSource preact */
/** The top of every sign-in card: the workspace's logo (or a monogram), a title and its tagline. */
import type { ComponentChildren } from 'preact';
import type { LoginBranding } from './pageData.js';

function ConfabMark() {
  return (
    <svg class="lg-brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--brand)" />
      <path
        d="M9 11.5A3.5 3.5 0 0 1 12.5 8h7A3.5 3.5 0 0 1 23 11.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.4c-.5.4-1.3 0-1.3-.6V20.6A3.5 3.5 0 0 1 9 16.5z"
        fill="var(--brand-ink)"
      />
    </svg>
  );
}

export function BrandLogo({ branding, confab }: { branding: LoginBranding; confab?: boolean }) {
  if (branding.loginLogo)
    return <img class="lg-brand__logo" src={branding.loginLogo} alt={`${branding.displayName} logo`} />;
  if (confab) {
    return (
      <span class="lg-brand__wordmark">
        <ConfabMark />
        <span>Confab</span>
      </span>
    );
  }
  const initial = (branding.displayName.trim()[0] ?? '?').toUpperCase();
  return (
    <span class="lg-brand__monogram" aria-hidden="true">
      {initial}
    </span>
  );
}

interface Props {
  branding: LoginBranding;
  confab?: boolean;
  title: ComponentChildren;
  subtitle?: ComponentChildren;
}

export function BrandHeader({ branding, confab, title, subtitle }: Props) {
  const sub = subtitle === undefined ? branding.tagline : subtitle;
  return (
    <header class="lg-brand">
      <BrandLogo branding={branding} confab={confab} />
      <h1 class="lg-brand__title">{title}</h1>
      {sub ? <p class="lg-brand__tagline">{sub}</p> : null}
    </header>
  );
}
