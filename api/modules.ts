/** Every HTTP module beyond the core. A new resource registers itself here, once. */
import type { AppModules } from './app.js';
import { responsesRoutes } from './external/responsesRoutes.js';
import { analyticsRoutes } from './external/analyticsRoutes.js';
import { CHAT_MOUNT, chatRouter } from './chat/chatRouter.js';
import { accountRoutes } from './external/accountRoutes.js';
import { webhooksRoutes } from './external/webhooksRoutes.js';

export const appModules: AppModules = {
  external: [responsesRoutes, analyticsRoutes, accountRoutes, webhooksRoutes],
  mounts: [{ path: CHAT_MOUNT, router: (services, registry) => chatRouter(services, registry) }],
};
