/**
 * SvgCleaner: the sanitizer in worker threads with a heap limit and a deadline per file. A worker
 * that runs out of time or memory, or dies, gives an error for that upload and the process goes
 * on; one that answered is kept for the next file. The worker loads under the tsx loader (these
 * tests) and under the tsx CLI (`npm start`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SvgCleaner, SvgCleanerBusyError } from '../../../infrastructure/media/svgCleaner.js';
import { SvgRefusedError } from '../../../infrastructure/media/svgReader.js';
import { sanitizeSvg } from '../../../infrastructure/media/svgSanitizer.js';
import { EVIL_SVG, SVG } from '../../support/mediaSamples.js';
import { eventually } from '../../support/waiting.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);

/** Allowed by the default limits, and seconds of work for jsdom: 19,000 elements, 95,000 attributes. */
const BIG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg">\n${'  <rect x="1" y="2" width="3" height="4" fill="red"/>\n'.repeat(19_000)}</svg>`,
);

const made: SvgCleaner[] = [];
/** A cleaner whose idle workers are ended after each test. */
function cleaner(options: ConstructorParameters<typeof SvgCleaner>[0] = {}): SvgCleaner {
  const one = new SvgCleaner(options);
  made.push(one);
  return one;
}
test.after.each(async () => {
  await Promise.all(made.splice(0).map((c) => c.close()));
});

async function refusal(promise: Promise<unknown>): Promise<SvgRefusedError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  assert.instance(err, SvgRefusedError, String(err));
  return err as SvgRefusedError;
}

/** The process still cleans files after a worker failed. */
async function stillCleans() {
  assert.match((await cleaner().clean(SVG))!, /<rect width="10" height="10" fill="#4F46E5"\/>/);
}

test('a worker cleans exactly as the sanitizer does', async () => {
  const svg = cleaner();
  assert.is(await svg.clean(EVIL_SVG), sanitizeSvg(EVIL_SVG.toString()));
  assert.is(
    await svg.clean(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')),
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
  );
});

test('a worker that answered is kept for the next file, and ended once idle', async () => {
  const svg = cleaner({ idleMs: 300 });
  await svg.clean(SVG);
  assert.is(svg.idleWorkers, 1);
  await svg.clean(EVIL_SVG);
  await refusal(svg.clean(Buffer.from('<svg><g></svg>'))); // a refusal leaves the worker fit for work
  assert.is(svg.idleWorkers, 1);
  // Ended once idleMs pass without work (however late a loaded machine runs the timer).
  await eventually(() => svg.idleWorkers === 0, 15_000, 'the idle worker to be ended');
  await stillCleans();
});

test("the worker applies the cleaner's limits and reports its refusals as such", async () => {
  const svg = cleaner({ limits: { maxElements: 3, maxAttributes: 10, maxAttributesPerElement: 5, maxDepth: 10 } });
  const over = await refusal(svg.clean(Buffer.from('<svg><g><rect/><rect/></g></svg>')));
  assert.is(over.code, 'SVG_TOO_COMPLEX');
  assert.match(over.message, /more than 3 elements/);
  assert.is((await refusal(svg.clean(Buffer.from('<svg><g></svg>')))).code, 'SVG_MALFORMED');
});

test('a worker past its deadline is ended: the file is refused as too complex and the process goes on', async () => {
  const svg = cleaner({ timeoutMs: 300 });
  const err = await refusal(svg.clean(BIG));
  assert.is(err.code, 'SVG_TOO_COMPLEX');
  assert.match(err.message, /cleaning it took longer than 0.3 seconds/);
  assert.is(svg.idleWorkers, 0);
  await stillCleans();
});

test('a worker out of heap dies alone: the file is refused as too complex and the process goes on', async () => {
  // 64 MB is enough for jsdom, not for the tree of 19,000 elements.
  const svg = cleaner({ maxHeapMb: 64 });
  const err = await refusal(svg.clean(BIG));
  assert.is(err.code, 'SVG_TOO_COMPLEX');
  assert.match(err.message, /needs more than 64 MB of memory/);
  assert.is(svg.idleWorkers, 0);
  assert.ok(await svg.clean(SVG), 'the next file gets a new worker');
  await stillCleans();
});

test('a worker that fails to start or stops without answering is an error for that upload only', async () => {
  const threw = await cleaner({ entry: fixture('workerThatThrows.mjs') })
    .clean(SVG)
    .then(
      () => null,
      (e: unknown) => e as Error,
    );
  assert.instance(threw, Error);
  assert.not.instance(threw, SvgRefusedError);
  assert.match(threw!.message, /the SVG cleaning worker failed: the worker could not start/);
  const exited = await cleaner({ entry: fixture('workerThatExits.mjs') })
    .clean(SVG)
    .then(
      () => null,
      (e: unknown) => e as Error,
    );
  assert.match(exited!.message, /stopped \(exit code 3\) before answering/);
  await stillCleans();
});

test('at most maxConcurrent workers run and maxQueued files wait; beyond that the cleaner is busy', async () => {
  const svg = cleaner({ maxConcurrent: 1, maxQueued: 1 });
  const results = await Promise.allSettled([svg.clean(SVG), svg.clean(SVG), svg.clean(SVG)]);
  assert.equal(
    results.map((r) => r.status),
    ['fulfilled', 'fulfilled', 'rejected'],
  );
  const busy = (results[2] as PromiseRejectedResult).reason;
  assert.instance(busy, SvgCleanerBusyError);
  assert.is(busy.retryAfterSeconds, 5);
  // The slots are free again.
  assert.equal(
    (await Promise.allSettled([svg.clean(SVG), svg.clean(SVG)])).map((r) => r.status),
    ['fulfilled', 'fulfilled'],
  );
  assert.is(svg.idleWorkers, 1, 'never more workers than maxConcurrent');
});

test("one tenant's files are refused once it holds its share, while another tenant still gets in", async () => {
  const svg = cleaner({ maxConcurrent: 1, maxQueued: 2, maxPerTenant: 2 });
  const a = [svg.clean(SVG, 'workspace-a'), svg.clean(SVG, 'workspace-a'), svg.clean(SVG, 'workspace-a')];
  const b = svg.clean(SVG, 'workspace-b');
  assert.is(svg.heldBy('workspace-a'), 2);
  const results = await Promise.allSettled([...a, b]);
  assert.equal(
    results.map((r) => r.status),
    ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
  );
  const busy = (results[2] as PromiseRejectedResult).reason;
  assert.instance(busy, SvgCleanerBusyError);
  assert.match(busy.message, /from this workspace/);
  assert.is(svg.heldBy('workspace-a'), 0, 'the share is given back once the files are done');
  assert.equal(
    (await Promise.allSettled([svg.clean(SVG, 'workspace-a'), svg.clean(SVG, 'workspace-a')])).map((r) => r.status),
    ['fulfilled', 'fulfilled'],
  );
});

test('a tenant refused by the full cleaner does not keep a share it never got', async () => {
  const svg = cleaner({ maxConcurrent: 1, maxQueued: 0, maxPerTenant: 2 });
  const results = await Promise.allSettled([svg.clean(SVG, 'workspace-b'), svg.clean(SVG, 'workspace-a')]);
  assert.equal(
    results.map((r) => r.status),
    ['fulfilled', 'rejected'],
  );
  assert.is(svg.heldBy('workspace-a'), 0);
  assert.is(svg.heldBy('workspace-b'), 0);
});

test('the worker also loads when the app runs under the tsx CLI (npm start)', () => {
  const run = spawnSync(`${root}node_modules/.bin/tsx`, [fileURLToPath(fixture('cleanWithTsxCli.ts'))], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.is(run.status, 0, run.stderr);
  assert.is(JSON.parse(run.stdout).clean, sanitizeSvg(EVIL_SVG.toString()));
});

test.run();
