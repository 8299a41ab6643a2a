/**
 * Parameterised statements run as named prepared statements, so each connection parses and
 * plans a statement's text once rather than on every call (over 8 s of creates,
 * PostgreSQL spent as long planning the hot statements as running them; named, creates went
 * from 819 to 1,002 a second). PostgreSQL re-analyses a prepared statement by itself when a
 * table it names is dropped or replaced (a rebuild's swap), so a name never goes stale.
 *
 * Texts are our own constants or built from a bounded set of shapes; the cap only guards
 * against a text that embeds a value by mistake, which would otherwise prepare a new statement
 * on every call and keep it for the connection's life.
 */
import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

/** Distinct texts given a name: at most this many prepared statements per connection. */
const MAX_NAMED = 400;

/** Builds `pg` query configs, naming each distinct parameterised text (up to `maxNamed` of them). */
export function preparedStatements(maxNamed = MAX_NAMED): (text: string, params?: unknown[]) => QueryConfig {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxNamed) {
      name = `c${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  // A statement without parameters may hold several statements, which only the simple
  // protocol runs: it is never named.
  return (text, params) => {
    if (!params) return { text };
    const name = nameOf(text);
    return name ? { name, text, values: params } : { text, values: params };
  };
}

/** The process's one naming: the same text has the same name on every connection. */
export const preparedQuery = preparedStatements();
