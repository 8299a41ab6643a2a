// The widget bundle: built by scripts/buildWeb.mjs, defines window.ConfabWidget, stays small.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { buildBundle, bundlePath } from './helpers.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import { bundles } from '../../scripts/buildWeb.mjs';

/** The build script's own budget for the widget: one number, kept there. */
const BUDGET: number = bundles.find((b: { out: string }) => b.out === 'public/widget.js').budget;
let stdout = '';

test('the build script writes public/widget.js and prints its size', () => {
  stdout = buildBundle();
  assert.ok(existsSync(bundlePath), 'public/widget.js exists');
  const size = statSync(bundlePath).size;
  assert.match(stdout, 'public/widget.js');
  assert.match(stdout, `${size} bytes`);
});

test('the bundle is a minified ES2018 IIFE under the size budget', () => {
  const code = readFileSync(bundlePath, 'utf8');
  assert.ok(code.length < BUDGET, `bundle is ${code.length} bytes, budget ${BUDGET}`);
  // esbuild writes a "\n" string as a template literal holding a real line break (a byte shorter),
  // and the event-stream parser has a few: count long lines, not one line.
  const lines = code.split('\n').length;
  assert.ok(lines <= 10 && code.length / lines > 1000, `minified (${lines} lines)`);
  assert.not.match(code, /^\s*(import|export)\s/m, 'no module syntax');
  assert.not.match(code, /\?\?|\?\./, 'no syntax newer than ES2018');
});

// A minimal browser-like global: enough for the entry to install itself without a DOM.
function fakeWindow(src: string | null, existing?: unknown) {
  const win: any = {
    location: { href: 'https://shop.example/product/1', origin: 'https://shop.example' },
    document: {
      currentScript: src ? { src } : null,
      readyState: 'complete',
      querySelectorAll: () => [],
    },
    console,
    URL,
    ConfabWidget: existing,
  };
  win.window = win;
  return win;
}

test('evaluating the bundle defines window.ConfabWidget', () => {
  const win = fakeWindow('https://confab.example:8443/widget.js?v=1');
  runInNewContext(readFileSync(bundlePath, 'utf8'), win);
  assert.type(win.ConfabWidget, 'function');
  assert.is(win.ConfabWidget.length, 3);
});

test('calls queued before the script loaded are replayed', () => {
  const seen: unknown[][] = [];
  // A queue stub as a page would define it; replay goes through the real function, which
  // rejects a missing botId, so the error is what proves the replay happened.
  const stub: any = function () {};
  stub.q = [[undefined, 'bubble', {}]];
  const win = fakeWindow('https://confab.example/widget.js', stub);
  win.console = { error: (e: unknown) => seen.push([e]) };
  runInNewContext(readFileSync(bundlePath, 'utf8'), win);
  assert.ok(win.ConfabWidget !== stub);
  assert.is(seen.length, 1);
  assert.match(String(seen[0][0]), /botId is required/);
});

test('a second copy of the script keeps the first ConfabWidget', () => {
  const code = readFileSync(bundlePath, 'utf8');
  const win = fakeWindow('https://confab.example/widget.js');
  runInNewContext(code, win);
  const first = win.ConfabWidget;
  runInNewContext(code, win);
  assert.is(win.ConfabWidget, first);
});

test.run();
