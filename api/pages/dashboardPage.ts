/**
 * The dashboard's HTML shell (CONTRACT.md §6): `/` and every unknown page path on a workspace
 * host (`<slug>.$WORKSPACE_DOMAIN`), `/dashboard` and its sub-paths on the PUBLIC_URL host. The
 * client router takes over from there (base '' resp. '/dashboard'). Not signed in: 302 to that
 * host's /login. The page carries no inline script (CSP `default-src 'self'`): its one setting,
 * the router base, travels in a JSON block.
 */
import { Router, type Request, type Response } from 'express';
import { resolveSession, type SessionAuthDeps } from '../session/sessionAuth.js';
import { isWorkspaceHost } from '../session/workspaceHost.js';

/** Paths on a workspace host that are never dashboard pages (APIs, auth, assets, other pages). */
const NOT_A_PAGE = /^\/(api|auth|login|signup|invite|storefront|healthz|widget\.js|dashboard\.(js|css)|favicon\.ico|media)(\/|$|\?)/;

function shellHtml(base: string): string {
  const config = JSON.stringify({ base }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dashboard · Confab</title>
<link rel="stylesheet" href="/dashboard.css">
<script type="application/json" id="dashboard-config">${config}</script>
<script src="/dashboard.js" defer></script>
</head>
<body>
<div id="app"><noscript>The Confab dashboard needs JavaScript.</noscript></div>
</body>
</html>`;
}

async function serveShell(req: Request, res: Response, deps: SessionAuthDeps, base: string): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  if (!(await resolveSession(req, deps))) {
    res.redirect(302, `/login?next=${encodeURIComponent(req.originalUrl)}`);
    return;
  }
  res.type('html').send(shellHtml(base));
}

/** Mount last, just before the 404 handler: on a workspace host it answers any page path left. */
export function dashboardPage(deps: SessionAuthDeps): Router {
  const router = Router();
  router.get(['/dashboard', '/dashboard/*rest'], async (req, res, next) => {
    // A workspace host's dashboard is at its root.
    if (isWorkspaceHost(req, deps)) return res.redirect(302, req.originalUrl.replace(/^\/dashboard/, '') || '/');
    serveShell(req, res, deps, '/dashboard').catch(next);
  });
  router.get('/{*rest}', async (req, res, next) => {
    if (!isWorkspaceHost(req, deps) || NOT_A_PAGE.test(req.path) || !req.accepts('html')) return next();
    serveShell(req, res, deps, '').catch(next);
  });
  return router;
}
