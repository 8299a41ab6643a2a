#!/usr/bin/env node
// Runs every test file (test/**/*.test.ts, or those matching the given substrings) in its own
// Node process with the tsx loader, two at a time, and ends with the line `N passed, M failed`.
// One process per file keeps servers, stores and timers of one suite from leaking into another.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
const fileTimeoutMs = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 300_000);

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = findTests(join(root, 'test'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

// uvu prints "Total: N / Passed: N / Skipped: N" per process; strip colours before reading them.
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');
function runFile(file) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      out += `\n[test runner] ${file} timed out after ${fileTimeoutMs} ms\n`;
      child.kill('SIGKILL');
    }, fileTimeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const text = strip(out);
      const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? 0);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
      // uvu's Total already leaves skipped tests out.
      let failed = Math.max(0, total - passed);
      if (code !== 0 && failed === 0) failed = 1; // crashed before or after its tests
      resolve({ file, passed, failed, skipped, text, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const results = [];
let next = 0;
async function worker() {
  while (next < files.length) {
    const file = files[next++];
    const r = await runFile(file);
    results.push(r);
    const mark = r.failed ? 'FAIL' : 'ok  ';
    console.log(`${mark} ${file}  (${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.skipped ? `, ${r.skipped} skipped` : ''}; ${r.seconds.toFixed(1)} s)`);
    if (r.failed) console.log(r.text.split('\n').map((l) => `    ${l}`).join('\n'));
  }
}
await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || files.length === 0 ? 1 : 0);
