/**
 * Read-your-writes for the writes that answered before the views included them (a visitor's
 * chat turn, projections/writesAheadOfViews.ts): behind either door, a request waits until the
 * views include the last such write of its workspace made by this process, so a response read
 * right after the visitor's message has that message. Nothing is waited for once they do.
 */
import type { RequestHandler } from 'express';
import { principalOf } from './principal.js';

export interface WorkspaceWritesAhead {
  /** Resolves once the views include every such write of the workspace (bounded, never fails). */
  caughtUp(workspaceId: string): Promise<void>;
}

export function workspaceViewsCaughtUp(ahead: WorkspaceWritesAhead | undefined): RequestHandler {
  return (_req, res, next) => {
    if (!ahead) return next();
    ahead.caughtUp(principalOf(res).workspaceId).then(() => next(), next);
  };
}
