/**
 * `npm run bench svgCleaning`: how long an SVG upload takes to clean in a worker
 * (infrastructure/media/svgCleaner.ts), and how long the event loop was held meanwhile: the
 * first file (which starts the worker), a usual file, the largest the limits allow, and 10 MB
 * in one attribute.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SvgCleaner } from '../infrastructure/media/svgCleaner.js';
import { DEFAULT_SVG_LIMITS } from '../infrastructure/media/svgReader.js';

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg">\n';
const perElement = DEFAULT_SVG_LIMITS.maxAttributes / DEFAULT_SVG_LIMITS.maxElements; // 5
const rect = `  <rect${[' x="1"', ' y="2"', ' width="3"', ' height="4"', ' fill="red"'].slice(0, perElement).join('')}/>\n`;
const files: Record<string, Buffer> = {
  'first file, starting the worker (1 element)': Buffer.from(`${OPEN}<rect/></svg>`),
  'illustration (500 elements)': Buffer.from(`${OPEN}${rect.repeat(500)}</svg>`),
  [`largest allowed (${DEFAULT_SVG_LIMITS.maxElements - 1} elements, ${perElement} attributes each)`]: Buffer.from(
    `${OPEN}${rect.repeat(DEFAULT_SVG_LIMITS.maxElements - 1)}</svg>`,
  ),
  'embedded PNG (10 MB in one attribute)': Buffer.from(
    `${OPEN}<image href="data:image/png;base64,${'QUJD'.repeat(2_600_000)}"/></svg>`,
  ),
};

const cleaner = new SvgCleaner();
for (const [name, bytes] of Object.entries(files)) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const clean = await cleaner.clean(bytes);
  const ms = performance.now() - started;
  delay.disable();
  console.log(
    `${name}: ${(bytes.length / 1e6).toFixed(2)} MB cleaned in ${ms.toFixed(0)} ms (${clean?.length ?? 0} characters); event loop held at most ${(delay.max / 1e6).toFixed(0)} ms`,
  );
}
await cleaner.close();
