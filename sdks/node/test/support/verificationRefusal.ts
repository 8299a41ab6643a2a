import * as assert from 'uvu/assert';
import Confab, { WebhookVerificationError } from '../../src/index.js';

/** Asserts that `fn` refuses a delivery with a WebhookVerificationError whose message matches. */
export function rejects(fn: () => unknown, pattern: RegExp): void {
  try {
    fn();
  } catch (err) {
    assert.instance(err, WebhookVerificationError);
    assert.instance(err, Confab.ConfabError);
    assert.match((err as Error).message, pattern);
    return;
  }
  assert.unreachable(`expected WebhookVerificationError matching ${pattern}`);
}
