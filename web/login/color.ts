/**
 * Contrast (WCAG 2.x) for arbitrary brand colors: the text color that reads on a brand color,
 * and a brand color darkened just enough to read as text or a focus ring on white.
 */
type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const INK = '#0F172A';
export const WHITE = '#FFFFFF';

/** White or near-black, whichever contrasts more with `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK;
}

/** `color` mixed toward black in small steps until it reaches `ratio` against `background`. */
export function darkenToContrast(color: string, background: string, ratio: number): string {
  const rgb = parseHex(color);
  if (!rgb) return INK;
  for (let k = 0; k <= 1.0001; k += 0.05) {
    const candidate = toHex(rgb.map((c) => c * (1 - k)) as Rgb);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return INK;
}

/** A translucent tint of a brand color for soft backgrounds (e.g. the stage without media). */
export function tint(color: string, alpha: number): string {
  const rgb = parseHex(color) ?? [79, 70, 229];
  return `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})`;
}

/**
 * A filled control in a brand color: the brand color itself with white or ink text when either
 * reads at 4.5:1; for the few mid-tones where neither does (e.g. #777777), the color darkened
 * just enough for white text.
 */
export function filledColors(brand: string): { background: string; text: string } {
  const text = readableTextOn(brand);
  if (contrastRatio(text, brand) >= 4.5) return { background: brand, text };
  const background = darkenToContrast(brand, WHITE, 4.5);
  return { background, text: WHITE };
}
