/** Every HTTP module beyond the core. A new resource registers itself here, once. */
import type { AppModules } from './app.js';

export const appModules: AppModules = {
  external: [],
  mounts: [],
};
