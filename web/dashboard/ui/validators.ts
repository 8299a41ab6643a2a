/**
 * Checks a form makes before it sends anything, for mistakes that are plain from the value
 * alone (a colour that is not hex, an address that is not one). They answer the sentence to show
 * under the field, or null; the server checks everything again and stays the authority.
 */

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const isHexColor = (value: string) => HEX_COLOR.test(value);

export function hexColorProblem(label: string, value: string): string | null {
  return isHexColor(value) ? null : `${label} must be a hex color such as #4F46E5.`;
}

/** An absolute http(s) address with a host; `https` demands https. Empty is fine (optional fields). */
export function webAddressProblem(label: string, value: string, opts: { https?: boolean } = {}): string | null {
  const text = value.trim();
  if (text === '') return null;
  const example = opts.https ? 'https://hooks.example.com/confab' : 'https://example.com';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${label} must be a full web address, such as ${example}.`;
  }
  if (opts.https && url.protocol !== 'https:') return `${label} must start with https://.`;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    return `${label} must be a full web address, such as ${example}.`;
  return null;
}

export function wholeNumberProblem(label: string, value: string, min: number, max: number): string | null {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n)) return `${label} must be a whole number from ${min} to ${max}.`;
  if (n < min || n > max) return `${label} must be from ${min} to ${max}.`;
  return null;
}
