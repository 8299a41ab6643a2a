/**
 * The length of text as a person counts it: code points, so an emoji is one character rather
 * than two UTF-16 units. Every "at most N characters" rule counts this way, as JSON Schema's
 * maxLength in the OpenAPI document does.
 */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
