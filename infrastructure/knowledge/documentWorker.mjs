// The entry of a document reading worker (documentText.ts). It is plain JavaScript because a
// worker does not inherit tsx from its parent (see infrastructure/media/svgCleanerWorker.mjs), so
// it registers tsx itself, then loads the TypeScript that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./documentThread.ts');
