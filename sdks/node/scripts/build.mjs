#!/usr/bin/env node
// Compiles src/ twice with the TypeScript compiler of the repository (the SDK itself has no
// dependencies), so that both `import` and `require` get code and declarations of their own:
//   dist/      ESM .js + .d.ts (the package is "type": "module")
//   dist/cjs/  CommonJS .js + .d.ts, marked CommonJS by its own package.json
// dist/ is committed, so installing the package from a folder or a tarball needs no build step
// and no network; test/dist.test.ts checks that the committed dist/ is what this script builds
// from the current src/.
//   node scripts/build.mjs [outDir]        (default: dist)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

const here = fileURLToPath(new URL('..', import.meta.url));

// `require('@confab/sdk')` answers the client class itself, carrying every named export (as
// openai-node does), so `const Confab = require('@confab/sdk')`, `const { Confab } = require(…)`
// and TypeScript's `import Confab from` compiled to CommonJS (which reads `.default`) all work.
const COMMONJS_ENTRY_EXPORTS = `
module.exports = Object.defineProperties(exports.default, Object.getOwnPropertyDescriptors(exports));
`;

function tsc(project, outDir) {
  const compiler = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [compiler, '-p', resolve(here, project), '--outDir', outDir], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tsc -p ${project} failed:\n${result.stdout}${result.stderr}`);
}

export function build(outDir = resolve(here, 'dist')) {
  rmSync(outDir, { recursive: true, force: true });
  tsc('tsconfig.json', outDir);
  const commonjs = join(outDir, 'cjs');
  tsc('tsconfig.cjs.json', commonjs);
  writeFileSync(join(commonjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
  appendFileSync(join(commonjs, 'index.js'), COMMONJS_ENTRY_EXPORTS);
  return outDir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const out = build(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`built ${out}`);
}
