/**
 * The package as a user gets it: `npm install <path to sdks/node>` into a fresh project
 * (offline; as a link, which is npm's default for a folder, and as a copy with
 * --install-links, which proves nothing is borrowed from this repository's node_modules), then
 * the README's quick start run with plain `node` (no tsx) against the running service, and a
 * TypeScript file type-checked against the installed declarations.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

const packageDir = fileURLToPath(new URL('../../../sdks/node/', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const npmCli = join(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
let h: SdkHarness;
/** The project with the copied install, reused by the TypeScript check. */
let copied = '';
const projects: string[] = [];

/** The code block the README marks as the quick start. */
function quickStart(): string {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const m = /<!-- quickstart:[^>]*-->\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README.md has no quick start block');
  return m[1]!;
}

/** A child process, asynchronously: the service under test runs in this process and must keep answering. */
function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; out: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NODE_OPTIONS: '', ...env } });
    let stdout = '';
    let out = '';
    child.stdout.on('data', (d) => ((stdout += d), (out += d)));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, out, stdout })));
  });
}

async function freshProject(installArgs: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'confab-sdk-user-'));
  projects.push(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'sdk-user', version: '1.0.0', private: true, type: 'module' }),
  );
  const npm = await run(
    process.execPath,
    [npmCli, 'install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts=false', ...installArgs, packageDir],
    dir,
  );
  assert.is(npm.code, 0, `npm install failed:\n${npm.out}`);
  return dir;
}

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
});
test.after(async () => {
  await h?.close();
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
});

for (const [how, args] of [
  ['linked (npm install <folder>)', []],
  ['copied (--install-links)', ['--install-links']],
] as const) {
  test(`${how}: the README quick start runs with plain node`, async () => {
    const dir = await freshProject([...args]);
    if (args.length) copied = dir;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    assert.ok(pkg.dependencies['@confab/sdk'], JSON.stringify(pkg));
    writeFileSync(join(dir, 'quickstart.mjs'), quickStart());
    const r = await run(process.execPath, ['quickstart.mjs'], dir, {
      CONFAB_API_KEY: h.apiKey,
      CONFAB_BASE_URL: h.baseURL,
    });
    assert.is(r.code, 0, r.out);
    assert.match(r.stdout, /^created [0-9a-f]+ Support bot$/m);
    assert.match(r.stdout, /calls used in \d{4}-\d{2}/);
  });
}

test('TypeScript users get the declarations: a typed program checks, a wrong one does not', async () => {
  const dir = copied || (await freshProject(['--install-links']));
  const tsc = createRequire(join(repoRoot, 'package.json')).resolve('typescript/bin/tsc');
  // The SDK's own declarations are checked (skipLibCheck off), TypeScript's lib files are not
  // (skipDefaultLibCheck), and no @types/node: fetch, Headers and AbortSignal come from the DOM lib,
  // so the declarations do not lean on Node's types.
  const check = async (file: string) => {
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        files: [file],
        compilerOptions: {
          noEmit: true,
          strict: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2022', 'dom'],
          types: [],
          skipLibCheck: false,
          skipDefaultLibCheck: true,
        },
      }),
    );
    return run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
  };
  writeFileSync(
    join(dir, 'good.ts'),
    `
import Confab, { NotFoundError, type Chatbot, type ResponseRecord, type WebhookEvent, type Page } from '@confab/sdk';
const client = new Confab({ apiKey: 'k', baseURL: 'http://localhost:3000/api/v1', maxRetries: 2, timeout: 1000 });
export async function main(): Promise<void> {
  const bot: Chatbot = await client.chatbots.retrieve('id', { signal: AbortSignal.timeout(100) });
  const page: Page<ResponseRecord> = await client.responses.list(bot.id, { limit: 10, startDate: '2026-01-01' });
  for await (const r of client.responses.list(bot.id)) console.log(r._id, r.record[0]?.message);
  const created = await client.webhooks.create({ chatbotId: bot.id, url: 'https://x.example', events: ['response.created'] });
  const secret: string = created.secret;
  const event: WebhookEvent = Confab.webhooks.verify('{}', {}, secret);
  if (event.event === 'conversation.completed') console.log(event.duration + 1, event.resolution);
  const e = new Confab.NotFoundError(404, { error: 'x' }, undefined, new Headers());
  console.log(page.hasNextPage(), e instanceof NotFoundError, (await client.usage.retrieve()).remaining);
}
`,
  );
  const good = await check('good.ts');
  assert.is(good.code, 0, good.out);
  writeFileSync(
    join(dir, 'bad.ts'),
    `
import Confab from '@confab/sdk';
const client = new Confab({ apiKey: 'k' });
export const a = client.chatbots.create({ title: 'no such field' });
export const b = client.responses.list('id', { limit: 'ten' });
`,
  );
  const bad = await check('bad.ts');
  assert.is.not(bad.code, 0);
  assert.match(bad.out, /title/);
  assert.match(bad.out, /bad\.ts\(5,/, bad.out);
});

test.run();
