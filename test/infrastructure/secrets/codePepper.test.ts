/** The code pepper: CODE_SECRET, or a private file in DATA_DIR made once and then reused. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_PEPPER_FILE, loadCodePepper } from '../../../infrastructure/secrets/codePepper.js';
import { loadConfig } from '../../../infrastructure/config.js';

const mode = (path: string) => statSync(path).mode & 0o777;

function withTempDir(fn: (parent: string) => void): void {
  const parent = mkdtempSync(join(tmpdir(), 'confab-pepper-'));
  try {
    fn(parent);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}

test('unset CODE_SECRET: 32 random bytes are written to DATA_DIR once, mode 0600, and reused', () => {
  // The most permissive umask: the modes must come from the code, not from the environment.
  const previous = process.umask(0);
  try {
    withTempDir((parent) => {
      const dataDir = join(parent, 'data');
      const first = loadCodePepper({ dataDir });
      const file = join(dataDir, CODE_PEPPER_FILE);
      assert.match(first, /^[0-9a-f]{64}$/);
      assert.is(readFileSync(file, 'utf8').trim(), first);
      assert.is(mode(file), 0o600);
      assert.is(mode(dataDir), 0o700);
      assert.is(loadCodePepper({ dataDir }), first, 'the next start uses the same pepper');
      assert.equal(readdirSync(dataDir), [CODE_PEPPER_FILE], 'no temporary file left behind');
      assert.is.not(loadCodePepper({ dataDir: join(parent, 'other') }), first, 'each new file is random');
    });
  } finally {
    process.umask(previous);
  }
});

test('a pepper file restored with loose permissions is reused and made 0600 again', () => {
  withTempDir((dataDir) => {
    const file = join(dataDir, CODE_PEPPER_FILE);
    writeFileSync(file, `${'ab'.repeat(32)}\n`);
    chmodSync(file, 0o644);
    assert.is(loadCodePepper({ dataDir }), 'ab'.repeat(32));
    assert.is(mode(file), 0o600);
  });
});

test('a damaged pepper file stops the start, naming the file but not its content', () => {
  withTempDir((dataDir) => {
    writeFileSync(join(dataDir, CODE_PEPPER_FILE), 'half-written-junk');
    try {
      loadCodePepper({ dataDir });
      assert.unreachable('expected an error');
    } catch (err) {
      assert.match((err as Error).message, CODE_PEPPER_FILE);
      assert.not.match((err as Error).message, 'half-written-junk');
    }
  });
});

test('CODE_SECRET from the configuration wins and no file is written; a short one is refused', () => {
  withTempDir((dataDir) => {
    const secret = 'x'.repeat(40);
    const config = loadConfig({ DATA_DIR: dataDir, CODE_SECRET: secret });
    assert.is(loadCodePepper({ secret: config.codeSecret, dataDir }), secret);
    assert.not.ok(existsSync(join(dataDir, CODE_PEPPER_FILE)));
    assert.is(loadConfig({ DATA_DIR: dataDir }).codeSecret, undefined);
    assert.throws(
      () => loadConfig({ CODE_SECRET: 'short-secret' }),
      (e: Error) => /CODE_SECRET/.test(e.message) && !e.message.includes('short-secret'),
    );
  });
});

test.run();
