/**
 * The body of an SVG cleaning worker (svgCleaner.ts): says it is ready once jsdom is loaded,
 * then cleans each file it is sent and answers each once. Its limits come from the parent
 * (workerData); so do its heap limit and the deadline of each file, which the parent enforces
 * from outside by ending the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { purifier, sanitizeSvg } from './svgSanitizer.js';
import { SvgRefusedError, tooComplex, type SvgLimits } from './svgReader.js';
import type { CleanerReply } from './svgCleaner.js';

const { limits } = workerData as { limits: SvgLimits };

function clean(bytes: Uint8Array): CleanerReply {
  try {
    return {
      kind: 'cleaned',
      svg: sanitizeSvg(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), limits),
    };
  } catch (err) {
    if (err instanceof SvgRefusedError) return { kind: 'refused', code: err.code, message: err.message };
    // The reader bounds nesting, so the recursive parts of jsdom stay far from the stack's end.
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      const refused = tooComplex('its structure is too deep to clean');
      return { kind: 'refused', code: refused.code, message: refused.message };
    }
    return { kind: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

purifier();
parentPort!.on('message', (bytes: Uint8Array) => parentPort!.postMessage(clean(bytes)));
parentPort!.postMessage({ kind: 'ready' } satisfies CleanerReply);
