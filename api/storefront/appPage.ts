/**
 * GET {app_url}/app: the settings page shell (the React + BigDesign bundle, web/storefront/) and
 * its script, GET {app_url}/assets/app.js. Only BigCommerce's control panel may frame it
 * (`frame-ancestors`); page data travels in a JSON block, never an inline script. BigDesign's font
 * comes from the app itself (appFonts.ts), so the CSP keeps fonts and styles to 'self'.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Router } from 'express';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import type { StorefrontApiDeps } from './storefrontApiDeps.js';
import { appFontRoutes, fontHead } from './appFonts.js';
import { sendMerchantPage } from './merchantPage.js';
import { storeSessionOf } from './storeSessionAuth.js';

/** The control panel lives on store-<hash>.mybigcommerce.com and *.bigcommerce.com (login, app pages). */
export const CONTROL_PANEL_ORIGINS = ['https://*.bigcommerce.com', 'https://*.mybigcommerce.com'];
const BUNDLE = fileURLToPath(new URL('../../public/storefront-app.js', import.meta.url));

/**
 * styled-components (BigDesign) writes its rules into <style> elements: style-src needs 'unsafe-inline'; scripts stay 'self'.
 * The only font is our own Source Sans file (appFonts.ts): font-src 'self', no data: and no font host.
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  `frame-ancestors ${CONTROL_PANEL_ORIGINS.join(' ')}`,
].join('; ');

const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

export function appPageRoutes(router: Router, registry: OpenApiRegistry, mount: string, deps: StorefrontApiDeps): void {
  registry.add(mount, {
    method: 'get',
    path: '/app',
    summary:
      'The merchant settings page (Chatbot ID field and enabled switch), framed by the BigCommerce control panel',
    tags: ['Storefront app'],
    security: 'none',
    responses: {
      200: { description: 'The page', contentType: 'text/html', schema: { type: 'string' } },
      401: {
        description: 'No store session: open the app from the control panel',
        contentType: 'text/html',
        schema: { type: 'string' },
      },
    },
  });

  router.get('/app', async (req, res) => {
    const signedIn = await storeSessionOf(req, deps);
    if (!signedIn) {
      return sendMerchantPage(res, 401, {
        title: 'Open Confab from your control panel',
        tone: 'info',
        lines: [
          "This page is the Confab app inside BigCommerce. Sign in to your store's control panel and open Apps › My Apps › Confab.",
        ],
      });
    }
    const data = {
      storeHash: signedIn.storeHash,
      csrfToken: signedIn.csrfToken,
      apiBase: `${mount}/api`,
      dashboardUrl: `${deps.publicUrl}/dashboard`,
    };
    res
      .status(200)
      .setHeader('Content-Type', 'text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Security-Policy', APP_CSP);
    res.removeHeader('X-Frame-Options');
    res.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Confab chat widget</title><link rel="icon" href="data:,">${fontHead(mount)}</head><body><div id="root"></div>
<script type="application/json" id="confab-store">${json(data)}</script>
<script src="${mount}/assets/app.js" defer></script></body></html>`);
  });

  router.get('/assets/app.js', (_req, res, next) => {
    if (!existsSync(BUNDLE)) return next();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.sendFile(BUNDLE);
  });

  appFontRoutes(router);
}
