#!/usr/bin/env node
// The Python SDK's suite on the newest httpx it declares (pyproject: httpx>=0.23,<1), beside the
// run on Debian's httpx 0.23 (the oldest). Debian ships one httpx, so the newest comes from where
// pip is set to look (a package index, or a local wheelhouse or index in pip's configuration)
// into a throwaway venv that borrows Debian's pytest (--system-site-packages) and shadows only
// httpx. `npm test` runs this only when pip can get one (newestHttpxAvailable).
//
//   node scripts/pythonSuiteNewestHttpx.mjs    prints pip's and pytest's output; exits as pytest does
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const PYTHON = process.env.SDK_PYTHON ?? '/usr/bin/python3';
const HTTPX_RANGE = 'httpx>=0.23,<1';
/** One try, a short wait: a machine without an index should not hold the suite up for long. */
const PIP_QUICK = ['--disable-pip-version-check', '--quiet', '--retries', '0', '--timeout', '5'];

/** Whether pip can get an httpx in the declared range from what it is set to look at. */
export function newestHttpxAvailable(python = PYTHON) {
  const dir = mkdtempSync(join(tmpdir(), 'confab-httpx-probe-'));
  try {
    const args = ['-m', 'pip', 'download', ...PIP_QUICK, '--no-deps', '--dest', dir, HTTPX_RANGE];
    return spawnSync(python, args, { stdio: 'ignore', timeout: 60_000 }).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function step(command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = mkdtempSync(join(tmpdir(), 'confab-newest-httpx-'));
  try {
    step(PYTHON, ['-m', 'venv', '--system-site-packages', dir]);
    const python = join(dir, 'bin', 'python');
    step(python, ['-m', 'pip', 'install', ...PIP_QUICK, '--upgrade', HTTPX_RANGE]);
    step(python, ['-c', 'import httpx; print("httpx", httpx.__version__)']);
    step(python, ['-m', 'pytest', 'sdks/python/tests', '-q', '-p', 'no:cacheprovider']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
