/**
 * The tarball a user gets (`npm pack`), installed offline from its path into scratch projects:
 * a default `npm init -y` project (CommonJS) and a `"type": "module"` one. The same small
 * program runs through `require`, through `import`, and through TypeScript compiled with
 * `node16` resolution (a .cts and a .mts file, emitted and run) and type-checked with `bundler`
 * resolution. Each program calls the API through a scripted fetch, so no server is needed, and
 * each TypeScript file holds one call the declarations must refuse (`@ts-expect-error`), which
 * fails the check if the types resolved to nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const npmCli = join(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const scratch = mkdtempSync(join(tmpdir(), 'confab-sdk-pack-'));

function run(args: string[], cwd: string): { code: number | null; out: string; stdout: string } {
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', npm_config_loglevel: 'error' },
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
}

function npm(args: string[], cwd: string): string {
  const r = run([npmCli, ...args, '--offline', '--no-audit', '--no-fund'], cwd);
  assert.is(r.code, 0, `npm ${args.join(' ')} failed:\n${r.out}`);
  return r.stdout;
}

// One pack for the whole file: the tarball is the package exactly as a registry would serve it.
const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], packageDir))[0] as {
  filename: string;
  files: { path: string }[];
};
const tarball = join(scratch, packed.filename);

/** A fresh project made by `npm init -y`, optionally turned ESM, with the tarball installed. */
function project(name: string, type?: 'module'): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  npm(['init', '-y'], dir);
  if (type) {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, type }, null, 2));
  }
  npm(['install', tarball], dir);
  return dir;
}

/** What every program prints: which file the package resolved to and what the calls answered. */
type Report = { format: string; resolved: string; sameClass: boolean; used: number; notFound: boolean };

/** The calls of every program, in JavaScript that is also valid TypeScript given `Confab` and `NotFoundError`. */
const PROGRAM_BODY = `
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const scripted = async (url: string | URL | Request): Promise<Response> =>
  String(url).endsWith('/usage')
    ? answer(200, { data: { used: 3, limit: 100, remaining: 97, month: '2026-11' } })
    : answer(404, { error: 'Chatbot not found', code: 'not_found' });
export async function main(format: string, resolved: string): Promise<void> {
  const client = new Confab({ apiKey: 'cfb_test', baseURL: 'http://confab.test/api/v1', fetch: scripted, maxRetries: 0 });
  const usage = await client.usage.retrieve();
  const used: number = usage.used;
  let notFound = false;
  try {
    await client.chatbots.retrieve('missing');
  } catch (err) {
    notFound = err instanceof NotFoundError && err instanceof Confab.NotFoundError && err.status === 404;
  }
  console.log(JSON.stringify({ format, resolved, sameClass: Confab.NotFoundError === NotFoundError, used, notFound }));
}
`;

/** PROGRAM_BODY as plain JavaScript: its few type annotations removed. */
const javascript = (ts: string) =>
  ts.replace(/: (?:string \| URL \| Request|Promise<\w+>|number|unknown|string)(?=[\s,)=;{])/g, '');

/** Checks the report a program printed, and that it loaded the build meant for its format. */
function reported(ran: ReturnType<typeof run>, format: string, entry: string): void {
  assert.is(ran.code, 0, ran.out);
  const report = JSON.parse(ran.stdout.trim().split('\n').at(-1) ?? '{}') as Report;
  assert.equal(report, { format, resolved: report.resolved, sameClass: true, used: 3, notFound: true }, ran.out);
  assert.ok(report.resolved.endsWith(`/node_modules/@confab/sdk/${entry}`), report.resolved);
}

test('the tarball holds both builds, the CommonJS marker, the declarations and no tests', () => {
  const paths = packed.files.map((f) => f.path);
  for (const path of [
    'package.json',
    'README.md',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/cjs/index.js',
    'dist/cjs/index.d.ts',
    'dist/cjs/package.json',
  ])
    assert.ok(paths.includes(path), `${path} is packed`);
  assert.not.ok(
    paths.some((p) => p.startsWith('test/') || p.startsWith('scripts/')),
    'tests and build scripts stay out',
  );
});

test('a default `npm init -y` project: require, import and TypeScript (node16) all work', () => {
  const dir = project('commonjs-user');
  writeFileSync(
    join(dir, 'use.js'),
    `const Confab = require('@confab/sdk');
const { NotFoundError, Confab: Named, VERSION } = require('@confab/sdk');
if (Named !== Confab || typeof VERSION !== 'string') throw new Error('named exports missing');
${javascript(PROGRAM_BODY).replace('export async function', 'async function')}
main('require', require.resolve('@confab/sdk'));
`,
  );
  reported(run(['use.js'], dir), 'require', 'dist/cjs/index.js');

  writeFileSync(
    join(dir, 'use.mjs'),
    `import { fileURLToPath } from 'node:url';
import Confab, { NotFoundError } from '@confab/sdk';
${javascript(PROGRAM_BODY)}
await main('import', fileURLToPath(import.meta.resolve('@confab/sdk')));
`,
  );
  reported(run(['use.mjs'], dir), 'import', 'dist/index.js');

  // TypeScript in both module formats of node16: the .cts reads the CommonJS declarations,
  // the .mts the ESM ones; both are emitted and run.
  const typed = (resolved: string) => `import Confab, { NotFoundError, type Chatbot } from '@confab/sdk';
${PROGRAM_BODY}
export function refused(client: Confab): Promise<Chatbot> {
  // @ts-expect-error the declarations know a chatbot is created with a name, not a title
  return client.chatbots.create({ title: 'no such field' });
}
declare const require: { resolve(id: string): string };
void main('typescript', ${resolved});
`;
  writeFileSync(join(dir, 'app.cts'), typed("require.resolve('@confab/sdk')"));
  writeFileSync(
    join(dir, 'app.mts'),
    typed("decodeURIComponent(new URL(import.meta.resolve('@confab/sdk')).pathname)").replace(
      'declare const require: { resolve(id: string): string };\n',
      '',
    ),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      files: ['app.cts', 'app.mts'],
      compilerOptions: {
        strict: true,
        target: 'es2022',
        module: 'node16',
        moduleResolution: 'node16',
        lib: ['es2022', 'dom'],
        types: [],
        skipLibCheck: false,
        skipDefaultLibCheck: true,
        outDir: 'out',
      },
    }),
  );
  const compiled = run([tsc, '-p', 'tsconfig.json', '--explainFiles'], dir);
  assert.is(compiled.code, 0, compiled.out);
  assert.match(compiled.out, /node_modules\/@confab\/sdk\/dist\/cjs\/index\.d\.ts/);
  assert.match(compiled.out, /node_modules\/@confab\/sdk\/dist\/index\.d\.ts/);
  reported(run(['out/app.cjs'], dir), 'typescript', 'dist/cjs/index.js');
  reported(run(['out/app.mjs'], dir), 'typescript', 'dist/index.js');
});

test('an ESM project: import runs, and TypeScript with bundler resolution type-checks', () => {
  const dir = project('module-user', 'module');
  writeFileSync(
    join(dir, 'use.js'),
    `import { fileURLToPath } from 'node:url';
import Confab, { NotFoundError } from '@confab/sdk';
${javascript(PROGRAM_BODY)}
await main('import', fileURLToPath(import.meta.resolve('@confab/sdk')));
`,
  );
  reported(run(['use.js'], dir), 'import', 'dist/index.js');

  writeFileSync(
    join(dir, 'app.ts'),
    `import Confab, { NotFoundError, type Chatbot, type Usage } from '@confab/sdk';
${PROGRAM_BODY}
export async function typed(client: Confab): Promise<Usage> {
  // @ts-expect-error the declarations know a chatbot is created with a name, not a title
  const bot: Chatbot = await client.chatbots.create({ title: 'no such field' });
  return client.usage.retrieve({ signal: AbortSignal.timeout(bot.name.length) });
}
`,
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      files: ['app.ts'],
      compilerOptions: {
        noEmit: true,
        strict: true,
        target: 'es2022',
        module: 'preserve',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        types: [],
        skipLibCheck: false,
        skipDefaultLibCheck: true,
      },
    }),
  );
  const checked = run([tsc, '-p', 'tsconfig.json', '--explainFiles'], dir);
  assert.is(checked.code, 0, checked.out);
  assert.match(checked.out, /node_modules\/@confab\/sdk\/dist\/index\.d\.ts/);
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
