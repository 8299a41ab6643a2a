/**
 * What the bad-input tests (the *BadInput.test.ts files under test/api) share: the refusal every
 * bad request must get (a 4xx JSON `{error, code?}` naming the problem), the tables of input that
 * is not what a route takes, and admin keys enough to send them all.
 */
import * as assert from 'uvu/assert';
import { API_KEY_SCOPES } from '../../domain/apiKey/apiKey.js';
import { operatorContext } from '../../commands/commandContext.js';
import type { TestApp } from './testApp.js';

export interface Answer {
  status: number;
  body: any;
}

/** A `status` refusal whose body is exactly `{error, code?}` and whose message names `what`. */
export function assertRefused(r: Answer, status: number, what: string | RegExp, label = ''): void {
  const shown = `${label} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 300)}`;
  assert.is(r.status, status, shown);
  assert.ok(
    r.body !== null && typeof r.body === 'object' && typeof r.body.error === 'string',
    `a JSON error body: ${shown}`,
  );
  assert.ok(
    Object.keys(r.body).every((k) => k === 'error' || k === 'code'),
    `only error and code: ${shown}`,
  );
  if (typeof what === 'string') assert.ok(r.body.error.includes(what), `"${r.body.error}" names ${what} (${label})`);
  else assert.match(r.body.error, what, label);
}

/** JSON text that is no JSON object: malformed, or a value of another type. */
export const NOT_AN_OBJECT: Array<[label: string, text: string, says: RegExp]> = [
  ['malformed', '{"a":', /not valid JSON/],
  ['trailing garbage', '{} x', /not valid JSON/],
  ['an array', '[{"a":1}]', /request body must be object/],
  ['a string', '"text"', /request body must be object/],
  ['null', 'null', /request body must be object/],
  ['a number', '42', /request body must be object/],
  ['true', 'true', /request body must be object/],
];

/** Values of other JSON types where a string is expected. */
export const NOT_A_STRING: unknown[] = [42, -1, 1e308, 6.5, true, ['a'], { a: 'b' }];

/** Text no store keeps (api/http/textFaults.ts): NUL and an unpaired surrogate. */
export const UNSTORABLE_TEXT: Array<[text: string, says: RegExp]> = [
  ['a\u0000b', /NUL/],
  ['a\ud800b', /unpaired UTF-16 surrogate/],
];

/** Unicode that is text and must come back exactly as sent. */
export const REAL_TEXT = ['Ünïcødé 🤖', 'e\u0301\u0301 combining', '\u05e9\u05dc\u05d5\u05dd RTL', 'zero\u200bwidth'];

/** A Content-Type that is not JSON, with a body in that type. */
export const NOT_JSON_TYPES: Array<[contentType: string, body: string]> = [
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xx--\r\n'],
];

/**
 * Admin keys of a workspace, a fresh one every 100 calls: the workspace API allows a caller 120
 * requests a minute, and a table of bad input must never meet a 429 instead of its answer.
 */
export function adminKeys(app: TestApp, workspaceId: string): () => Promise<string> {
  let key = '';
  let uses = 0;
  return async () => {
    if (uses++ % 100 === 0) {
      key = (
        await app.services.workspaces.createApiKey(
          { workspaceId, role: 'admin', scopes: [...API_KEY_SCOPES] },
          operatorContext(workspaceId),
        )
      ).apiKey;
    }
    return key;
  };
}
