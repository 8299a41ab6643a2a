/**
 * dist/ is committed so that `npm install ./sdks/node` needs no build and no network; it must
 * be exactly what scripts/build.mjs makes from the current src/ (run `npm run build` in
 * sdks/node after changing src/).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without type declarations
import { build } from '../scripts/build.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

test('the committed dist/ is a fresh build of src/', () => {
  const out = mkdtempSync(join(tmpdir(), 'confab-sdk-build-'));
  try {
    const fresh = files(build(out) as string);
    const committed = files(join(packageDir, 'dist'));
    assert.equal(
      [...committed.keys()].sort(),
      [...fresh.keys()].sort(),
      'the same files (run `npm run build` in sdks/node)',
    );
    for (const [name, text] of fresh)
      assert.ok(committed.get(name) === text, `dist/${name} is stale: run \`npm run build\` in sdks/node`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('package.json points import and require at their own builds, which exist, and declares no dependencies', () => {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  assert.is(pkg.name, '@confab/sdk');
  assert.is(pkg.type, 'module');
  assert.equal(
    [pkg.dependencies, pkg.peerDependencies, pkg.scripts.prepare, pkg.scripts.install, pkg.scripts.postinstall],
    [undefined, undefined, undefined, undefined, undefined],
  );
  const { import: esm, require: commonjs } = pkg.exports['.'];
  for (const path of [pkg.main, pkg.types, esm.types, esm.default, commonjs.types, commonjs.default])
    statSync(join(packageDir, path));
  assert.equal([esm.default, commonjs.default], ['./dist/index.js', './dist/cjs/index.js']);
  assert.is(JSON.parse(readFileSync(join(packageDir, 'dist/cjs/package.json'), 'utf8')).type, 'commonjs');
});

test.run();
