import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '../../../infrastructure/sql/dataDirLock.js';

test('a second opener of the same DATA_DIR is refused while the first holds it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'confab-lock-'));
  const release = lockDataDir(dir);
  assert.throws(() => lockDataDir(dir), /in use by process/);
  release();
  assert.not.ok(existsSync(join(dir, 'confab.pid')));
  const again = lockDataDir(dir);
  again();
});

test('a lock left by a dead process is taken over', () => {
  const dir = mkdtempSync(join(tmpdir(), 'confab-lock-'));
  writeFileSync(join(dir, 'confab.pid'), '999999999');
  const release = lockDataDir(dir);
  assert.is(readFileSync(join(dir, 'confab.pid'), 'utf8'), String(process.pid));
  release();
});

test.run();
