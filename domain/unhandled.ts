/**
 * The `default` of a switch over a union: it compiles only while every member has its case, so a
 * new command or event type cannot be forgotten silently.
 */
export function unhandled(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
