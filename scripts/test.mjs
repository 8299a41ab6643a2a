#!/usr/bin/env node
// `npm test`: runs every suite, two at a time, and ends with the line `N passed, M failed`.
//   - each uvu file (test/**/*.test.ts and the Node SDK's sdks/node/test/**/*.test.ts) in its own
//     Node process with the tsx loader, so servers, stores and timers of one file cannot leak
//     into another;
//   - the Python SDK's pytest suite (sdks/python/tests) as one job, on Debian's /usr/bin/python3
//     (where httpx and pytest come from); without that interpreter it is reported as skipped;
//     and again on the newest httpx (scripts/pythonSuiteNewestHttpx.mjs) where pip can get one,
//     else reported as skipped.
// Arguments are substrings: only suites whose path contains one of them run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { newestHttpxAvailable } from './pythonSuiteNewestHttpx.mjs';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
const fileTimeoutMs = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 300_000);
const PYTHON = process.env.SDK_PYTHON ?? '/usr/bin/python3';
const PYTHON_SUITE = 'sdks/python/tests';

function findTests(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

// uvu prints "Total: N / Passed: N / Skipped: N" per process; uvu's Total leaves skipped tests out.
function uvuCounts(text) {
  const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
  return { passed, failed: Math.max(0, total - passed), skipped };
}

// pytest's last line: "3 failed, 40 passed, 1 skipped, 2 errors in 12.3s" (any subset, any order).
function pytestCounts(text) {
  const summary =
    text
      .trim()
      .split('\n')
      .reverse()
      .find((l) => /\b(passed|failed|error|errors|skipped)\b/.test(l) && /\bin [\d.]+s\b/.test(l)) ?? '';
  const count = (word) => Number(new RegExp(`(\\d+) ${word}\\b`).exec(summary)?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed') + count('errors?'), skipped: count('skipped') };
}

function pythonSuiteRunnable() {
  if (!existsSync(join(root, PYTHON_SUITE))) return null;
  const probe = spawnSync(PYTHON, ['-c', 'import httpx, pytest, pytest_asyncio'], { stdio: 'ignore' });
  return probe.status === 0;
}

const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** The suites running now: their process groups are stopped if the runner itself is stopped. */
const running = new Set();

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

// Separate process groups do not get a terminal's Ctrl-C: pass the stop on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });
}

function run(suite) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so that a timed-out suite is stopped with the servers and browsers
    // it started: left running, they would load the machine for every suite after it.
    const child = spawn(suite.command[0], suite.command.slice(1), {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      out += `\n[test runner] ${suite.name} timed out after ${suite.timeoutMs} ms\n`;
      killGroup(child);
    }, suite.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      // Whatever the suite left running (a server it did not stop) goes with it.
      killGroup(child);
      const text = strip(out);
      const counts = suite.counts(text);
      if (code !== 0 && counts.failed === 0) counts.failed = 1; // crashed before or after its tests
      resolve({ name: suite.name, ...counts, text, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/**
 * A file whose work is long by design (a fault loop of restarts) says so near its top with a
 * line `// test runner timeout: 600 s`; every other file gets the default.
 */
function declaredTimeoutMs(file) {
  const head = readFileSync(join(root, file), 'utf8').slice(0, 4096);
  const seconds = /^\/\/ test runner timeout: (\d+) s$/m.exec(head)?.[1];
  return seconds ? Number(seconds) * 1000 : 0;
}

const matches = (path) => filters.length === 0 || filters.some((x) => path.includes(x));
const suites = ['test', 'sdks/node/test']
  .map((d) => join(root, d))
  .filter((d) => existsSync(d))
  .flatMap(findTests)
  .map((f) => relative(root, f))
  .filter(matches)
  .sort()
  .map((file) => ({
    name: file,
    command: [process.execPath, '--import', 'tsx', file],
    counts: uvuCounts,
    timeoutMs: Math.max(fileTimeoutMs, declaredTimeoutMs(file)),
  }));

const skippedSuites = [];
if (matches(PYTHON_SUITE)) {
  const runnable = pythonSuiteRunnable();
  if (runnable) {
    // Longest job: start it first so it overlaps the rest.
    suites.unshift({
      name: PYTHON_SUITE,
      command: [PYTHON, '-m', 'pytest', PYTHON_SUITE, '-q', '-p', 'no:cacheprovider'],
      counts: pytestCounts,
      timeoutMs: 2 * fileTimeoutMs,
    });
    // The same suite on the newest httpx it declares, where a package index can supply it.
    if (newestHttpxAvailable(PYTHON))
      suites.unshift({
        name: `${PYTHON_SUITE} (newest httpx)`,
        command: [process.execPath, 'scripts/pythonSuiteNewestHttpx.mjs'],
        counts: pytestCounts,
        timeoutMs: 2 * fileTimeoutMs,
      });
    else
      skippedSuites.push(
        `${PYTHON_SUITE} (newest httpx: pip finds no httpx>=0.23,<1 in any index or wheelhouse it is set to use)`,
      );
  } else if (runnable === false) {
    skippedSuites.push(
      `${PYTHON_SUITE} (needs ${PYTHON} with httpx, pytest and pytest-asyncio: apt-get install python3-httpx python3-pytest python3-pytest-asyncio)`,
    );
  }
}

const results = [];
let next = 0;
async function worker() {
  while (next < suites.length) {
    const r = await run(suites[next++]);
    results.push(r);
    const mark = r.failed ? 'FAIL' : 'ok  ';
    console.log(
      `${mark} ${r.name}  (${r.passed} passed${r.failed ? `, ${r.failed} failed` : ''}${r.skipped ? `, ${r.skipped} skipped` : ''}; ${r.seconds.toFixed(1)} s)`,
    );
    if (r.failed)
      console.log(
        r.text
          .split('\n')
          .map((l) => `    ${l}`)
          .join('\n'),
      );
  }
}
await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
for (const s of skippedSuites) console.log(`skip ${s}`);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || suites.length === 0 ? 1 : 0);
