/**
 * What a merchant pastes into the Chatbot ID field (it accepts the bare ID, the full embed
 * snippet, or a dashboard URL and extracts the ID; docs/storefront.md): the 24-hex id, or null when the text holds
 * none or several different ones (we never guess which one was meant).
 */
const BARE = /^[0-9a-f]{24}$/i;
/** A 24-hex run not glued to more hex or word characters (so a 32-hex hash is not half-read). */
const EMBEDDED = /(?<![0-9A-Za-z_])[0-9a-f]{24}(?![0-9A-Za-z_])/gi;
/** Longer than any snippet or address a person pastes. */
const MAX_INPUT = 10_000;

export function extractChatbotId(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!text || text.length > MAX_INPUT) return null;
  if (BARE.test(text)) return text.toLowerCase();
  const found = new Set((text.match(EMBEDDED) ?? []).map((s) => s.toLowerCase()));
  return found.size === 1 ? [...found][0] : null;
}
