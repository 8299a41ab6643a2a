#!/usr/bin/env node
// Bundles the browser code under web/ into public/ (run by `npm install` via postinstall and by
// `npm run build:web`). Each bundle is a minified IIFE for ES2018 browsers; its size is printed
// and checked against a budget. Output is written to a temporary file and renamed, so a server
// or a test reading the bundle while another build runs never sees a half-written file.
//
//   node scripts/buildWeb.mjs            build every bundle
//   node scripts/buildWeb.mjs --check    also fail when a bundle is over budget (default: warn)
//   node scripts/buildWeb.mjs --only dashboard   build only the bundles whose output names it (tests)
import { build, transform } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * entry (under web/) -> output (under public/), with a minified size budget in bytes.
 * `css: 'file'`: stylesheets the entry imports are emitted next to the script (out with .css);
 * default `'text'`: `import css from './x.css'` gives the stylesheet as a string (shadow roots).
 * `jsxImportSource`: the JSX runtime of the bundle's .tsx files; default 'preact'.
 */
export const bundles = [
  // The widget: its answer buttons, stars and keyboards for every question type took it past 17 KB;
  // reading streamed answers (the event-stream parser, the growing bubble) added about 2.5 KB.
  { entry: 'web/widget/index.ts', out: 'public/widget.js', budget: 26 * 1024 },
  // Preact + wouter + Chart.js (~200 KB of it) and every dashboard page; cssBudget for its stylesheet.
  // The Knowledge page (sources, unanswered questions, evaluation) added about 19 KB.
  {
    entry: 'web/dashboard/main.tsx',
    out: 'public/dashboard.js',
    budget: 460 * 1024,
    css: 'file',
    // The Knowledge page and the Agent tab's analytics took the stylesheet past 48 KB.
    cssBudget: 52 * 1024,
  },
  // The sign-in pages (api/pages): Preact and the login card; login.css beside it.
  { entry: 'web/login/main.tsx', out: 'public/login.js', budget: 48 * 1024, css: 'file', cssBudget: 16 * 1024 },
  // The BigCommerce app's settings page: React 19 + BigDesign + styled-components, as the control panel uses.
  { entry: 'web/storefront/main.tsx', out: 'public/storefront-app.js', budget: 420 * 1024, jsxImportSource: 'react' },
];

/** `import css from './x.css'` gives the stylesheet as a minified string (for shadow roots). */
const cssAsText = {
  name: 'css-as-text',
  setup(b) {
    b.onLoad({ filter: /\.css$/ }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), {
        loader: 'css',
        minify: true,
        // browsers of the ES2018 era: keeps e.g. top/right/bottom/left instead of inset
        target: ['chrome64', 'edge79', 'firefox62', 'safari12'],
      });
      return { contents: code.trim(), loader: 'text' };
    });
  },
};

export async function buildWeb({ check = false, quiet = false, only = null } = {}) {
  const results = [];
  for (const b of bundles.filter((x) => !only || x.out.includes(only))) {
    const outfile = join(root, b.out);
    const cssFile = b.css === 'file';
    const r = await build({
      entryPoints: [join(root, b.entry)],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2018',
      minify: true,
      legalComments: 'none',
      charset: 'utf8',
      write: false,
      outfile,
      logLevel: 'error',
      jsx: 'automatic',
      jsxImportSource: b.jsxImportSource ?? 'preact',
      plugins: cssFile ? [] : [cssAsText],
    });
    mkdirSync(dirname(outfile), { recursive: true });
    // A CSS-emitting bundle has two outputs: the script and, when it imports any, its stylesheet.
    for (const file of r.outputFiles) {
      const isCss = file.path.endsWith('.css');
      const budget = isCss ? (b.cssBudget ?? b.budget) : b.budget;
      const code = file.contents;
      const tmp = `${file.path}.${process.pid}.tmp`;
      writeFileSync(tmp, code);
      renameSync(tmp, file.path);
      const size = code.byteLength;
      const gzip = gzipSync(code).byteLength;
      const over = size > budget;
      const out = relative(root, file.path);
      results.push({ out, size, gzip, budget, over });
      if (!quiet) {
        const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
        console.log(
          `${out}  ${size} bytes (${kb(size)}, ${kb(gzip)} gzip; budget ${kb(budget)})${over ? '  OVER BUDGET' : ''}`,
        );
      }
    }
  }
  if (check && results.some((r) => r.over)) throw new Error('a web bundle is over its size budget');
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--only');
  buildWeb({ check: process.argv.includes('--check'), only: at > 0 ? process.argv[at + 1] : null }).catch((e) => {
    console.error(e.message || e);
    process.exit(1);
  });
}
