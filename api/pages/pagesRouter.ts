/**
 * The sign-in pages a person sees (docs/sign-in.md): /login on a slug host (branded) or
 * on PUBLIC_URL (Confab-branded), the pages mailed links open, /signup on PUBLIC_URL, and the
 * built bundles under /assets. An unknown slug host answers a 404 page. The JSON endpoints the
 * pages call, and the workspace-switch page GET /auth/handoff, are api/auth's.
 */
import express, { type Request, type Response, type Router } from 'express';
import { existsSync } from 'node:fs';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { DATA_ELEMENT_ID, type LoginBranding, type PageData, type PageKind } from './pageData.js';
import { brandingForSlug, CONFAB_BRANDING } from './pageBranding.js';
import { landingWorkspaceName, type LandingLookup } from './landingWorkspace.js';
import { ASSETS_PATH, PUBLIC_DIR, pageShell, sendPage } from './pageShell.js';
import { hostKindOf } from './slugHost.js';
import { safeNext } from '../../domain/signIn/safeNext.js';
import { resolveSession, type SessionAuthDeps } from '../session/sessionAuth.js';

export interface PagesDeps {
  views: ReadStoreReader;
  publicUrl: string;
  workspaceDomain: string;
  appUrl: string;
  /** Someone already signed in on this host skips the login page. */
  session?: SessionAuthDeps;
  /** Names the workspace of a live invite or sign-in link on the main host (landingWorkspace.ts). */
  landing?: LandingLookup;
}

interface PageRoute {
  path: string;
  page: PageKind;
  title: string;
  summary: string;
  /** Only on PUBLIC_URL: a slug host redirects there. */
  mainOnly?: boolean;
}

const PAGES: PageRoute[] = [
  {
    path: '/login',
    page: 'login',
    title: 'Sign in',
    summary: 'Sign-in page: branded on a slug host, Confab-branded on PUBLIC_URL (HTML)',
  },
  {
    path: '/login/magic',
    page: 'magic',
    title: 'Sign in with your link',
    summary: 'Magic-link page (?token=): a button POSTs the token, a GET burns nothing (HTML)',
  },
  {
    path: '/invite',
    page: 'invite',
    title: 'Accept your invitation',
    summary: 'Invitation page (?token=): set a name and password, or accept with an existing account (HTML)',
  },
  {
    path: '/signup',
    page: 'signup',
    title: 'Create your workspace',
    summary: 'Sign-up page on PUBLIC_URL (HTML)',
    mainOnly: true,
  },
  {
    path: '/signup/confirm',
    page: 'signupConfirm',
    title: 'Confirm your email',
    summary: 'Sign-up confirmation (?token=): a button POSTs the token (HTML)',
    mainOnly: true,
  },
];

const ASSET_NAME = /^[a-z][a-z0-9-]*\.(js|css)$/;

export function pagesRouter(deps: PagesDeps, registry: OpenApiRegistry): Router {
  const router = express.Router();

  function render(
    res: Response,
    status: number,
    page: PageKind,
    title: string,
    branding: LoginBranding,
    confab: boolean,
    workspaceName: string | null = null,
  ) {
    const data: PageData = {
      page,
      publicUrl: deps.publicUrl,
      branding,
      confab,
      ...(workspaceName ? { workspaceName } : {}),
    };
    const name = workspaceName ?? (confab || !branding.displayName ? 'Confab' : branding.displayName);
    sendPage(
      res,
      status,
      pageShell({ title: `${title} · ${name}`, bundle: 'login', data, dataElementId: DATA_ELEMENT_ID }),
      deps.publicUrl,
    );
  }

  for (const route of PAGES) {
    registry.add('', {
      method: 'get',
      path: route.path,
      summary: route.summary,
      tags: ['Sign-in pages'],
      security: 'none',
      responses: {
        200: { description: 'The page', contentType: 'text/html', schema: { type: 'string' } },
        404: { description: 'No workspace has the slug of this host' },
      },
    });
    router.get(route.path, async (req: Request, res: Response, next) => {
      try {
        const host = hostKindOf(req.hostname, deps);
        if (route.page === 'login' && deps.session && (await resolveSession(req, deps.session))) {
          res.setHeader('Cache-Control', 'no-store');
          return res.redirect(302, safeNext(req.query.next) ?? (host.kind === 'slug' ? '/' : '/dashboard'));
        }
        if (host.kind === 'main') {
          const named =
            route.page === 'invite' || route.page === 'magic'
              ? await landingWorkspaceName(deps.views, deps.landing, route.page, req.query.token)
              : null;
          return render(res, 200, route.page, route.title, CONFAB_BRANDING, true, named);
        }
        if (route.mainOnly) return res.redirect(302, deps.publicUrl + req.originalUrl);
        const branding = await brandingForSlug(deps.views, host.slug, deps.publicUrl);
        if (!branding) return render(res, 404, 'notFound', 'Workspace not found', CONFAB_BRANDING, true);
        render(res, 200, route.page, route.title, branding, false);
      } catch (err) {
        next(err);
      }
    });
  }

  // The built bundles (public/, see scripts/buildWeb.mjs); a versioned URL never changes.
  router.get(`${ASSETS_PATH}/:file`, (req, res, next) => {
    const file = String(req.params.file);
    if (!ASSET_NAME.test(file) || !existsSync(`${PUBLIC_DIR}${file}`)) return next();
    res.setHeader('Cache-Control', req.query.v ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.sendFile(`${PUBLIC_DIR}${file}`);
  });

  return router;
}
