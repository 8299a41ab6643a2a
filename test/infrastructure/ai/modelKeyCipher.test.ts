import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createModelKeyCipher, modelKeyBinding } from '../../../infrastructure/ai/modelKeyCipher.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'confab-model-key-'));
  dirs.push(dir);
  return dir;
};
test.after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('round trip, bound to the connection: another connection id does not decrypt', () => {
  const cipher = createModelKeyCipher({ key: 'cd'.repeat(32), dataDir: tempDir() });
  const sealed = cipher.encrypt('sk-live-123', modelKeyBinding('c1'));
  assert.not.ok(sealed.includes('sk-live-123'));
  assert.is(cipher.decrypt(sealed, modelKeyBinding('c1')), 'sk-live-123');
  assert.throws(() => cipher.decrypt(sealed, modelKeyBinding('c2')));
  // Two encryptions of one key differ (a fresh nonce each time).
  assert.is.not(cipher.encrypt('sk-live-123', modelKeyBinding('c1')), sealed);
});

test('without MODEL_KEY_SECRET: a private key file under DATA_DIR, made on first use and reused', () => {
  const dataDir = tempDir();
  const file = join(dataDir, 'model-key-secret');
  const first = createModelKeyCipher({ dataDir });
  assert.not.ok(existsSync(file), 'nothing made before a key is stored');
  const sealed = first.encrypt('sk-abc', modelKeyBinding('c1'));
  assert.match(readFileSync(file, 'utf8').trim(), /^[0-9a-f]{64}$/);
  assert.is(statSync(file).mode & 0o777, 0o600);
  assert.is(createModelKeyCipher({ dataDir }).decrypt(sealed, modelKeyBinding('c1')), 'sk-abc');
  // Another key (MODEL_KEY_SECRET set later) cannot read it.
  assert.throws(() => createModelKeyCipher({ key: 'ef'.repeat(32), dataDir }).decrypt(sealed, modelKeyBinding('c1')));
});

test.run();
