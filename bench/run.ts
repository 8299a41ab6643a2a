/**
 * `npm run bench [name…]`: runs the benchmarks one after another (each starts and stops its own
 * server), or only those whose file name contains one of the given names. Results go to stdout;
 * the recorded figures live in bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
// Support modules (shared setup) are not benchmarks of their own.
const SUPPORT = new Set(['run.ts', 'conversationsSupport.ts', 'hotPathSupport.ts', 'profileGet.ts']);
const wanted = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !SUPPORT.has(f))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

if (scripts.length === 0) {
  console.error(
    `no benchmark matches ${wanted.join(', ')}; there are: ${readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !SUPPORT.has(f))
      .join(', ')}`,
  );
  process.exit(1);
}
let failed = 0;
for (const script of scripts) {
  console.log(`\n== bench/${script}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${script}`], {
    stdio: 'inherit',
    env: process.env,
  });
  console.log(
    `== bench/${script}: ${run.status === 0 ? 'done' : `exit ${run.status}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
