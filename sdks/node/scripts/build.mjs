#!/usr/bin/env node
// Compiles src/ to dist/ (ESM .js + .d.ts) with the TypeScript compiler of the repository
// (the SDK itself has no dependencies). dist/ is committed, so installing the package from a
// folder or a tarball needs no build step and no network; test/dist.test.ts checks that the
// committed dist/ is what this script builds from the current src/.
//   node scripts/build.mjs [outDir]        (default: dist)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const here = fileURLToPath(new URL('..', import.meta.url));

export function build(outDir = resolve(here, 'dist')) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  rmSync(outDir, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [tsc, '-p', resolve(here, 'tsconfig.json'), '--outDir', outDir], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`tsc failed:\n${result.stdout}${result.stderr}`);
  return outDir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const out = build(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`built ${out}`);
}
