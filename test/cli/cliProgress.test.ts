/**
 * Long commands on an operator's terminal: `projections rebuild` and `events export --out FILE`
 * run on a pseudo-terminal (util-linux `script`) show a progress line that updates in place and
 * is erased before their JSON, both when the CLI opens the store itself and when the command
 * runs inside the server (the progress then comes over the admin socket). In a pipe they show
 * nothing (cli.test.ts); the line itself is in progressLine.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliJson, startServer, type RunningServer } from '../support/cliProcess.js';

const dataDir = mkdtempSync(join(tmpdir(), 'confab-cli-progress-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' };
const root = new URL('../../', import.meta.url).pathname;
/** Without `script` there is no pseudo-terminal to run on: the tests are skipped. */
const terminalTest = spawnSync('script', ['--version']).status === 0 ? test : test.skip;
const shellQuoted = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
let server: RunningServer | null = null;

/** The CLI on a pseudo-terminal, as an operator's terminal shows it: stdout and stderr together. */
function onTerminal(...args: string[]): Promise<{ code: number; shown: string }> {
  const command = [process.execPath, 'bin/confab.js', ...args].map(shellQuoted).join(' ');
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: root, env });
    let shown = '';
    child.stdout.on('data', (d) => (shown += d));
    child.stderr.on('data', (d) => (shown += d));
    child.on('close', (code) => resolve({ code: code ?? 1, shown }));
  });
}

/**
 * What a terminal showed for a long command: its progress line, drawn in place, ending at the
 * whole log, erased, then the one JSON object (returned).
 */
function afterProgress(shown: string): Record<string, unknown> {
  const m = /^(?:\r\x1b\[K[\d,]+ \/ [\d,]+ events)+\r\x1b\[K(\{.*\})\r?\n$/.exec(shown);
  assert.ok(m, `a progress line, erased, then the JSON: ${JSON.stringify(shown)}`);
  const last = [...shown.matchAll(/([\d,]+) \/ ([\d,]+) events/g)].at(-1)!;
  assert.is(last[1], last[2], 'the last progress drawn is the whole log');
  return JSON.parse(m[1]!);
}

/** An export --out on the terminal: the progress, then {out, events} naming the file with every line. */
async function exportsWithProgress(file: string): Promise<void> {
  const exported = await onTerminal('events', 'export', '--out', file);
  assert.is(exported.code, 0, exported.shown);
  const written = readFileSync(file, 'utf8').trim().split('\n');
  assert.equal(afterProgress(exported.shown), { out: file, events: written.length });
  assert.ok(written.map((l) => JSON.parse(l).type).includes('WorkspaceCreated'));
}

test.before(async () => {
  await runCliJson(env, 'workspace', 'create', '--name', 'Progress', '--plan', 'pro', '--owner-email', 'p@acme.test');
});

terminalTest('the CLI on its own store: rebuild and export show their progress', async () => {
  const rebuilt = await onTerminal('projections', 'rebuild');
  assert.is(rebuilt.code, 0, rebuilt.shown);
  assert.ok((afterProgress(rebuilt.shown).events as number) >= 3);
  await exportsWithProgress(join(dataDir, 'own-store.jsonl'));
});

terminalTest('through the running server: the progress comes over the admin socket', async () => {
  server = await startServer({ ...env, LOG_LEVEL: 'info' }); // the address is logged at info
  const rebuilt = await onTerminal('projections', 'rebuild');
  assert.is(rebuilt.code, 0, rebuilt.shown);
  assert.ok((afterProgress(rebuilt.shown).events as number) >= 3);
  await exportsWithProgress(join(dataDir, 'through-server.jsonl'));
  // An error leaves no progress line behind: the terminal shows the error alone.
  const refused = await onTerminal('events', 'export', '--workspace', 'nope', '--out', join(dataDir, 'x.jsonl'));
  assert.is.not(refused.code, 0);
  assert.match(refused.shown, /^\{"error":"no workspace with id \\"nope\\""\}\r?\n$/);
});

test.after(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test.run();
