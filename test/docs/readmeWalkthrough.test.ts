/**
 * README.md followed from a fresh clone, as a newcomer would: "Set up and run", then every step
 * of "First steps" with the README's own commands, run by `sh` in the clone: a workspace from
 * the CLI, the first chatbot with curl, the printed sign-in link opened in Chromium up to the
 * chatbot on the dashboard, a local https receiver verifying real deliveries with
 * `standardwebhooks`, the CSV export, the Python SDK in a venv and the Node SDK through
 * `require` and `import` in a fresh `npm init -y` project. The only changes to the commands are
 * the ones the README asks of its reader: the values it printed written in place of `<…>`, and
 * other ports than 3000 and 4443 (free ones, so that the test runs beside anything).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_VARIABLES } from '../../infrastructure/configSchema.js';
import { launchBrowser } from '../support/browser.js';
import { freePort } from '../support/freePort.js';
import { screenshotBothSizes } from '../support/pageChecks.js';
import { eventually } from '../support/waiting.js';
import { fencedBlock, fencedBlocks } from './fencedBlocks.js';

const checkout = new URL('../../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'confab-readme-'));
const clone = join(scratch, 'confab');

/**
 * The shell of someone who has just cloned the project: none of Confab's settings, none of the
 * variables `npm test` sets for its scripts. npm and pip are told there is no package index, so
 * that a step which would need one fails at once instead of retrying: every step here must work
 * offline.
 */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!(name in CONFIG_VARIABLES) && !/^npm_/i.test(name) && !name.startsWith('CONFAB_')) env[name] = value;
  delete env.NODE_OPTIONS;
  delete env.NODE_EXTRA_CA_CERTS;
  return {
    ...env,
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
  };
}

interface Ran {
  code: number | null;
  stdout: string;
  out: string;
}

/** Runs `script` with `sh` in `cwd`, as a reader pasting it into a terminal would. */
function sh(script: string, vars: Record<string, string> = {}, cwd = clone): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', script], { cwd, env: { ...newcomerEnv(), ...vars } });
    let stdout = '';
    let out = '';
    child.stdout.on('data', (d) => ((stdout += d), (out += d)));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, stdout, out }));
  });
}

async function succeeded(script: string, vars: Record<string, string> = {}): Promise<string> {
  const ran = await sh(script, vars);
  assert.is(ran.code, 0, `${script}\n${ran.out}`);
  return ran.stdout;
}

/** The last line a command printed, parsed as the JSON the README shows after it. */
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!);

/** A long-running command of the README (the server, the receiver): its own process group, its output kept. */
interface Running {
  child: ChildProcess;
  lines: string[];
  stop(): Promise<void>;
}

function startProcess(script: string, vars: Record<string, string>): Running {
  const child = spawn('sh', ['-c', script], { cwd: clone, env: { ...newcomerEnv(), ...vars }, detached: true });
  const lines: string[] = [];
  let partial = '';
  const collect = (d: Buffer) => {
    const parts = (partial + d).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    lines,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // `npm start` runs tsx, which runs node: the whole group stops together.
      process.kill(-child.pid!, 'SIGTERM');
      const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

let readme = '';
const ran = new Set<string>();
let port = 0;
let receiverPort = 0;
let server: Running;
let receiver: Running | undefined;
let browser: Browser | undefined;
/** What the reader keeps in the shell (the README's `export` lines). */
const shell: Record<string, string> = {};
/** What the commands printed that the README has the reader write in place of a `<…>`. */
const printed = new Map<string, string>();
/** The chat session the receiver saw start, to find in the export. */
let chatSessionId = '';
/** The two SDK steps, started as soon as the chatbot exists: the slowest steps, and they change nothing. */
let sdkSteps: Promise<[string, string]> | undefined;

/**
 * The README's `sh` block holding `marker`, as the reader runs it: the printed values written
 * in place of their `<…>`, and the ports chosen for this run in place of 3000 and 4443 (the
 * README's "write 3001 for 3000 below"). A `<…>` the test does not know fails the step.
 */
function step(marker: string): string {
  return verbatim(marker, 'sh')
    .replaceAll('localhost:3000', `localhost:${port}`)
    .replaceAll('4443', String(receiverPort))
    .replace(/<[^<>\n]+>/g, (placeholder) => {
      const value = printed.get(placeholder);
      if (value === undefined) throw new Error(`the README asks for ${placeholder}, which no earlier step printed`);
      return value;
    });
}

/** The block of "First steps" holding `marker`, exactly as printed (a file the reader saves). */
function verbatim(marker: string, language: string): string {
  const text = fencedBlock(firstSteps(), language, marker);
  ran.add(text);
  return text;
}

/** The "First steps" section, up to its widget snippet (HTML for a page, not a command). */
function firstSteps(): string {
  const from = readme.indexOf('\n## First steps\n');
  const to = readme.indexOf('\n### The widget\n', from);
  assert.ok(from > 0 && to > from, 'README.md has "First steps" and its widget part');
  return readme.slice(from, to);
}

/** An `export A=x B=y` block of the README, kept in the shell of the next steps. */
function exported(marker: string): void {
  const line = step(marker).trim();
  assert.match(line, /^export( \w+=\S+)+$/, line);
  for (const pair of line.split(' ').slice(1)) {
    const at = pair.indexOf('=');
    shell[pair.slice(0, at)] = pair.slice(at + 1);
  }
}

test.before(async () => {
  const cloned = await sh(`git clone --quiet ${JSON.stringify(checkout)} confab`, {}, scratch);
  assert.is(cloned.code, 0, cloned.out);
  // The clone's README, the committed one: what a newcomer reads (an uncommitted edit is not tested).
  readme = readFileSync(join(clone, 'README.md'), 'utf8');
  // `npm install` would fetch the same locked packages again (minutes, and the registry may be
  // out of reach); this checkout's node_modules are those packages. What the install does
  // beyond them, its postinstall (the web bundles), runs as npm would run it.
  symlinkSync(realpathSync(join(checkout, 'node_modules')), join(clone, 'node_modules'));
  [port, receiverPort] = await Promise.all([freePort(), freePort()]);
  // The server starts once, already with the webhook section's two settings, which need the
  // certificate first: the README's restart keeps everything in DATA_DIR and would only add time.
  await Promise.all([succeeded('npm run postinstall'), succeeded(step('openssl req'))]);
  const start = step('NODE_EXTRA_CA_CERTS=');
  assert.match(start, /^WEBHOOK_ALLOW_HOSTS=localhost NODE_EXTRA_CA_CERTS="\$PWD\/cert.pem" npm start\n$/);
  server = startProcess(`PORT=${port} ${start}`, {});
  browser = await launchBrowser();
  await eventually(
    async () => (await fetch(`http://localhost:${port}/healthz`)).ok,
    60_000,
    'GET /healthz answering after npm start',
    200,
  );
});

test.after(async () => {
  await browser?.close();
  await receiver?.stop();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('"Set up and run" is npm install, then npm start', () => {
  const setup = fencedBlocks(readme).find((b) => b.language === 'sh');
  assert.is(setup?.text, 'npm install\nnpm start\n');
  assert.ok(readme.indexOf('## Set up and run') < setup!.at, 'the first command block is the setup');
});

test('a workspace from the CLI, then the first chatbot with its key', async () => {
  const workspace = lastJson(await succeeded(step('npx confab workspace create --name "Acme"')));
  assert.match(workspace.apiKey, /^cfb_/);
  assert.is(workspace.dashboardUrl, `http://localhost:${port}/dashboard`);
  printed.set('<apiKey>', workspace.apiKey);
  printed.set('<workspaceId>', workspace.workspaceId);
  exported('KEY=<apiKey>');

  const bot = lastJson(await succeeded(step('"name":"Support bot"'), shell));
  assert.is(bot.data.name, 'Support bot');
  printed.set("<the chatbot's id>", bot.data.id);
  exported('export BOT=');
  sdkSteps = Promise.all([succeeded(step('./sdks/python'), shell), succeeded(step('npm init -y'), shell)]);
  // Awaited by its own test; until then a failure must not count as unhandled.
  sdkSteps.catch(() => {});
});

test('the printed sign-in link, opened in Chromium: Sign in, then the Chatbots page lists the chatbot', async () => {
  const { link } = lastJson(await succeeded(step('npx confab signin-link'), shell));
  assert.match(link, new RegExp(`^http://localhost:${port}/login/magic\\?token=`));
  const page = await (await browser!.newContext()).newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
  await page.getByRole('link', { name: 'Chatbots', exact: true }).first().click();
  await page.getByText('Support bot', { exact: true }).first().waitFor({ timeout: 20_000 });
  await screenshotBothSizes(page, 'readme-walkthrough-chatbots');
});

test('a local receiver verifies the deliveries with standardwebhooks', async () => {
  writeFileSync(join(clone, 'receiver.mjs'), verbatim('// receiver.mjs', 'js'));
  const hook = lastJson(await succeeded(step('external/v1/webhooks'), shell));
  assert.match(hook.data.secret, /^[0-9a-f]{64}$/);
  printed.set('<secret>', hook.data.secret);
  // The receiver's own comment: PORT=… for another port than 4443.
  receiver = startProcess(step('node receiver.mjs'), { PORT: String(receiverPort) });
  await eventually(
    () => receiver!.lines.includes(`listening on ${receiverPort}`),
    10_000,
    `the receiver listening\n${receiver.lines.join('\n')}`,
  );

  const chat = await succeeded(step('/sessions/$SESSION/messages'), shell);
  assert.match(chat, /Nice to meet you, Ann/);
  const verified = await eventually(
    () => {
      const events = receiver!.lines.filter((l) => l.startsWith('verified '));
      return events.length >= 2 && events;
    },
    20_000,
    'two verified deliveries',
  );
  assert.equal(verified.map((l) => l.split(' ')[1]).sort(), ['conversation.started', 'response.created']);
  assert.not.ok(
    receiver.lines.some((l) => l.startsWith('refused')),
    receiver.lines.join('\n'),
  );
  const prefix = 'verified conversation.started ';
  const started = JSON.parse(verified.find((l) => l.startsWith(prefix))!.slice(prefix.length));
  chatSessionId = started.chatSessionId;
});

test('the export holds the conversation, with the answer the visitor gave', async () => {
  const csv = (await succeeded(step('/responses/export?format=csv'), shell)).split('\r\n').filter(Boolean);
  assert.is(csv.length, 2, csv.join('\n'));
  const header = csv[0]!.split(',');
  const row = Object.fromEntries(csv[1]!.split(',').map((cell, i) => [header[i], cell]));
  assert.is(row.chatSessionId, chatSessionId);
  assert.is(row['answer.name'], 'Ann');
  assert.is(row.status, 'active');
});

test('the Python SDK in a venv, and the Node SDK through require and import, list the chatbot', async () => {
  assert.ok(sdkSteps, 'started once the chatbot existed');
  const [python, node] = await sdkSteps!;
  assert.is(python.trim().split('\n').at(-1), "['Support bot']");
  assert.equal(node.trim().split('\n').slice(-2), ['Support bot', 'Support bot']);
  const pkg = JSON.parse(readFileSync(join(scratch, 'try-confab-node', 'package.json'), 'utf8'));
  assert.is(pkg.type ?? 'commonjs', 'commonjs', 'npm init -y made a CommonJS project');
});

test('every command block of "First steps" ran', () => {
  const blocks = fencedBlocks(firstSteps());
  assert.ok(blocks.length > 10, `${blocks.length} blocks`);
  for (const b of blocks) assert.ok(ran.has(b.text), `not run:\n${b.text}`);
});

test.run();
