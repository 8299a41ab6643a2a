/**
 * The dashboard's HTML shell (docs/sign-in.md): `/` and every unknown page path on a workspace
 * host (`<slug>.$WORKSPACE_DOMAIN`), `/dashboard` and its sub-paths on the PUBLIC_URL host. The
 * client router takes over from there (base '' resp. '/dashboard'). Not signed in: 302 to that
 * host's /login. The page carries no inline script (CSP `default-src 'self'`): its one setting,
 * the router base, travels in a JSON block. The document and its headers are the sign-in
 * pages' (pageShell, sendPage); the bundle is public/dashboard.{js,css} under /assets.
 */
import { Router, type Request, type Response } from 'express';
import { resolveSession, type SessionAuthDeps } from '../session/sessionAuth.js';
import { isWorkspaceHost } from '../session/workspaceHost.js';
import { pageShell, sendPage } from './pageShell.js';
import { isDashboardPath } from '../../domain/signIn/dashboardPaths.js';

/** What the page tells the client (web/dashboard/main.tsx reads it). */
interface DashboardConfig {
  base: string;
  workspaceDomain: string;
}

async function serveShell(req: Request, res: Response, deps: SessionAuthDeps, base: string): Promise<void> {
  if (!(await resolveSession(req, deps))) {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, `/login?next=${encodeURIComponent(req.originalUrl)}`);
    return;
  }
  const data: DashboardConfig = { base, workspaceDomain: deps.workspaceDomain };
  sendPage(
    res,
    200,
    pageShell({
      title: 'Dashboard · Confab',
      bundle: 'dashboard',
      data,
      dataElementId: 'dashboard-config',
      fallback: 'The Confab dashboard needs JavaScript.',
    }),
    deps.publicUrl,
  );
}

/** Mount last, just before the 404 handler: on a workspace host it answers any page path left. */
export function dashboardPage(deps: SessionAuthDeps): Router {
  const router = Router();
  router.get(['/dashboard', '/dashboard/*rest'], async (req, res, next) => {
    // A workspace host's dashboard is at its root. Every slash after /dashboard goes with it:
    // "/dashboard//evil.example" must land on "/evil.example" here, never on "//evil.example",
    // which a browser reads as another host.
    if (isWorkspaceHost(req, deps)) return res.redirect(302, `/${req.originalUrl.replace(/^\/dashboard[/\\]*/i, '')}`);
    serveShell(req, res, deps, '/dashboard').catch(next);
  });
  // The main host's root is no API: a person who opens it lands on the dashboard (or signs in first).
  router.get('/', (req, res, next) => {
    if (isWorkspaceHost(req, deps) || !req.accepts('html')) return next();
    res.redirect(302, '/dashboard');
  });
  router.get('/{*rest}', async (req, res, next) => {
    if (!isWorkspaceHost(req, deps) || !isDashboardPath(req.path) || !req.accepts('html')) return next();
    serveShell(req, res, deps, '').catch(next);
  });
  return router;
}
