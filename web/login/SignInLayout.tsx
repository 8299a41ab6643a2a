/** @jsxImportSource preact */
/**
 * The page around a sign-in card: brand colors as CSS variables, the background media, the card
 * at the workspace's card position (desktop) or stacked under the media (phone), and the ad link
 * of the slide on screen (it changes with the slide), which goes through the click-counting
 * redirect.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Backdrop } from './Backdrop.js';
import type { LoginBranding, LoginMedia } from './pageData.js';
import { cardPlacement, themeVars } from './theme.js';
import { visitorId } from './visitorId.js';

/** The link of a slide that has an ad (clickUrl set). */
function AdLink({ item, side }: { item: LoginMedia; side: 'left' | 'right' }) {
  const label = item.adLabel?.trim() || 'Learn more';
  const href = `${item.clickUrl}?vid=${encodeURIComponent(visitorId())}`;
  return (
    <a class={`lg-ad-link lg-ad-link--${side}`} href={href} target="_blank" rel="noopener">
      <span class="lg-ad-link__tag" aria-hidden="true">
        Ad
      </span>
      <span class="lg-ad-link__label">{label}</span>
      <svg class="lg-ad-link__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path
          d="M6 3h7v7M13 3 4 12"
          fill="none"
          stroke="currentColor"
          stroke-width="1.8"
          stroke-linecap="round"
          stroke-linejoin="round"
        />
      </svg>
      <span class="lg-sr-only"> (opens in a new tab)</span>
    </a>
  );
}

interface Props {
  branding: LoginBranding;
  confab?: boolean;
  children: ComponentChildren;
  footer?: ComponentChildren;
}

export function SignInLayout({ branding, confab, children, footer }: Props) {
  const [slide, setSlide] = useState<LoginMedia | null>(branding.media[0] ?? null);
  const { x, y } = cardPlacement(branding.display.cardPosition);
  const hasMedia = branding.media.length > 0;
  const style = { ...themeVars(branding), '--card-x': String(x), '--card-y': String(y) };
  return (
    <div
      class={`lg-stage${hasMedia ? ' lg-stage--media' : ' lg-stage--plain'}${confab ? ' lg-stage--confab' : ''}`}
      style={style}
    >
      {hasMedia ? (
        <Backdrop
          media={branding.media}
          fit={branding.display.fit}
          position={branding.display.position}
          onSlide={setSlide}
        />
      ) : (
        <div class="lg-backdrop lg-backdrop--plain" aria-hidden="true" />
      )}
      <main class="lg-stage__slot">
        <div class="lg-card">{children}</div>
        <footer class="lg-stage__footer">{footer ?? <PoweredBy confab={confab} />}</footer>
      </main>
      {/* A landmark of its own: the ad is neither the sign-in (main) nor its footer. */}
      {slide?.clickUrl && slide.adUrl ? (
        <aside class="lg-ad" aria-label="Advertisement">
          <AdLink item={slide} side={x > 60 ? 'left' : 'right'} />
        </aside>
      ) : null}
    </div>
  );
}

function PoweredBy({ confab }: { confab?: boolean }) {
  return confab ? <span>© Confab</span> : <span>Secured by Confab</span>;
}
