/**
 * What the CLI prints, and `events export --out FILE`: the lines go to the file, resolved from
 * the folder the CLI runs in (not the server's), replacing what was there, and stdout says where
 * and how many; a path that cannot be written is refused naming --out.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '../../domain/errors.js';
import { outputFile, printResult } from '../../cli/cliOutput.js';

const dir = mkdtempSync(join(tmpdir(), 'confab-cli-output-'));

function printed(result: Parameters<typeof printResult>[0]): string {
  let out = '';
  printResult(result, { write: (text: string) => (out += text) }, dir);
  return out;
}

test('a JSON object, JSON lines and help text print on stdout', () => {
  assert.is(printed({ json: { a: 1 } }), '{"a":1}\n');
  assert.is(printed({ lines: ['{"n":1}', '{"n":2}'] }), '{"n":1}\n{"n":2}\n');
  assert.is(printed({ text: 'help\n' }), 'help\n');
});

test('--out: the lines go to the file (relative to where the CLI runs, replacing it) and stdout names it', () => {
  writeFileSync(join(dir, 'audit.jsonl'), 'old content that must go\n'.repeat(10));
  const out = JSON.parse(printed({ lines: ['{"n":1}', '{"n":2}'], out: 'audit.jsonl' }));
  assert.equal(out, { out: join(dir, 'audit.jsonl'), events: 2 });
  assert.is(readFileSync(join(dir, 'audit.jsonl'), 'utf8'), '{"n":1}\n{"n":2}\n');
  assert.equal(JSON.parse(printed({ lines: [], out: 'empty.jsonl' })), { out: join(dir, 'empty.jsonl'), events: 0 });
  assert.is(readFileSync(join(dir, 'empty.jsonl'), 'utf8'), '');
});

test('--out that cannot be a file is refused naming --out, before anything is written', () => {
  mkdirSync(join(dir, 'a-folder'));
  for (const [typed, message] of [
    ['no/such/folder/audit.jsonl', /--out: there is no folder .*no\/such\/folder/],
    ['a-folder', /--out: .*a-folder is a folder; name a file/],
  ] as const) {
    try {
      outputFile(typed, dir);
      assert.unreachable(typed);
    } catch (err) {
      assert.instance(err, ValidationError);
      assert.match((err as Error).message, message);
      assert.is((err as ValidationError).field, 'out');
    }
  }
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
