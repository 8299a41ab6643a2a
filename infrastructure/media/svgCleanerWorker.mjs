// The entry of the SVG cleaning worker (svgCleaner.ts). It is plain JavaScript because a worker
// does not inherit tsx from its parent (tsx issue #354: its entry file is loaded before any
// loader hook applies, whether the app runs as `tsx app/main.ts` or under `node --import tsx`).
// So it registers tsx itself, then loads the TypeScript that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./svgCleanerThread.ts');
