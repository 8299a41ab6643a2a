/**
 * Brand colors → the CSS custom properties login.css reads. Every derived color keeps WCAG AA
 * whatever the workspace picked: button text is white or ink by contrast, and the colors used as
 * text or focus ring on the white card are darkened until they read.
 */
import { darkenToContrast, filledColors, tint, WHITE } from './color.js';
import type { LoginBranding } from './pageData.js';

export type ThemeVars = Record<string, string>;

export function themeVars(b: Pick<LoginBranding, 'primaryColor' | 'secondaryColor'>): ThemeVars {
  const filled = filledColors(b.primaryColor);
  return {
    '--brand': filled.background,
    '--brand-ink': filled.text,
    '--brand-text': darkenToContrast(b.primaryColor, WHITE, 4.5),
    '--ring': darkenToContrast(b.primaryColor, WHITE, 3),
    '--link': darkenToContrast(b.secondaryColor, WHITE, 4.5),
    '--brand-soft': tint(b.primaryColor, 0.1),
    '--brand-softer': tint(b.secondaryColor, 0.08),
  };
}

const POSITIONS: Record<string, string> = {
  'top-left': 'left top',
  'top-center': 'center top',
  'top-right': 'right top',
  'center-left': 'left center',
  center: 'center center',
  'center-right': 'right center',
  'bottom-left': 'left bottom',
  'bottom-center': 'center bottom',
  'bottom-right': 'right bottom',
};

/** `display.position` → CSS object-position. */
export function objectPosition(position: string): string {
  return POSITIONS[position] ?? 'center center';
}

/** `display.fit` → CSS object-fit (`original` keeps the file's own size). */
export function objectFit(fit: string): string {
  return fit === 'contain' || fit === 'fill' ? fit : fit === 'original' ? 'none' : 'cover';
}

/** `"x,y"` percentages → numbers clamped to 0–100; anything unreadable centers the card. */
export function cardPlacement(cardPosition: string): { x: number; y: number } {
  const [x, y] = String(cardPosition)
    .split(',')
    .map((s) => Number(s.trim()));
  const clamp = (n: number) => (Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 50);
  return { x: clamp(x), y: clamp(y) };
}
