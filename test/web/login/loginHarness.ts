/**
 * The service for the sign-in page tests: started on a port known in advance (PUBLIC_URL and the
 * slug hosts `http://<slug>.localhost:<port>` must name it), the login bundle built with the
 * project's script, branded workspaces set up through the real branding and gallery endpoints,
 * and waiting for a mail in the outbox (test/support/signInMail.ts reads it).
 */
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { mediaClient } from '../../support/mediaHarness.js';
import type { Browser } from 'playwright-core';
import type { ReceivedMail } from '../../api/external/accountMailbox.js';
import { launchBrowser } from '../../support/browser.js';
import { mailsTo } from '../../support/signInMail.js';
import { freePort } from '../../support/signIn.js';
import { backgroundSvg, logoSvg } from './loginArt.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const W = '/api/v1/workspace';

export function buildLoginBundle(): void {
  const r = spawnSync(process.execPath, ['scripts/buildWeb.mjs', '--only', 'login'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`buildWeb failed: ${r.stderr || r.stdout}`);
}

export interface LoginApp extends TestApp {
  port: number;
  /** `http://<slug>.localhost:<port>` */
  originOf(slug: string): string;
}

export async function startLoginApp(env: Record<string, string> = {}): Promise<LoginApp> {
  const port = await freePort();
  return asLoginApp(
    await startTestApp({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WORKSPACE_DOMAIN: 'localhost',
      ...env,
    }),
  );
}

/** A test app started elsewhere (e.g. with an OIDC provider), with the slug-host helpers. */
export function asLoginApp(app: TestApp): LoginApp {
  const port = Number(new URL(app.baseUrl).port);
  return Object.assign(app, { port, originOf: (slug: string) => `http://${slug}.localhost:${port}` });
}

export interface BrandedWorkspace {
  workspaceId: string;
  apiKey: string;
  ownerId: string;
  slug: string;
  origin: string;
  mediaId: string;
  ownerEmail: string;
}

export interface BrandingSetup {
  displayName?: string;
  primaryColor?: string;
  secondaryColor?: string;
  tagline?: string;
  display?: { fit: string; position: string; cardPosition: string };
  adUrl?: string;
  adLabel?: string;
  ownerEmail?: string;
  /** The owner's password (set at creation, as `confab workspace create --owner-password`). */
  ownerPassword?: string;
}

/** A Pro workspace with a slug, colors, tagline, display settings, a logo and a background with an ad link. */
export async function brandedWorkspace(
  app: LoginApp,
  slug: string,
  setup: BrandingSetup = {},
): Promise<BrandedWorkspace> {
  const displayName = setup.displayName ?? 'Northwind';
  const ownerEmail = setup.ownerEmail ?? `owner-${slug}@example.com`;
  const ws = await app.services.workspaces.createWorkspace(
    { name: displayName, plan: 'pro', ownerEmail, ownerPassword: setup.ownerPassword },
    operatorContext(),
  );
  const claimed = await app.api('PUT', `${W}/slug`, { apiKey: ws.apiKey, body: { slug } });
  assert.is(claimed.status, 200, JSON.stringify(claimed.body));
  const media = mediaClient(app);
  const fields: Record<string, string> = { slideDuration: '8' };
  if (setup.adUrl) fields.adUrl = setup.adUrl;
  if (setup.adLabel) fields.adLabel = setup.adLabel;
  const background = await media.uploaded(ws.apiKey, backgroundSvg(), {
    name: 'dusk.svg',
    type: 'image/svg+xml',
    fields,
  });
  const logo = await media.uploaded(ws.apiKey, logoSvg(displayName, setup.primaryColor ?? '#0F766E'), {
    name: 'logo.svg',
    type: 'image/svg+xml',
  });
  const patched = await app.api('PATCH', `${W}/branding`, {
    apiKey: ws.apiKey,
    body: {
      displayName,
      loginLogo: logo.mediaUrl,
      primaryColor: setup.primaryColor ?? '#0F766E',
      secondaryColor: setup.secondaryColor ?? '#7C3AED',
      tagline: setup.tagline ?? 'Support that feels human.',
      display: setup.display ?? { fit: 'cover', position: 'center', cardPosition: '25,50' },
    },
  });
  assert.is(patched.status, 200, JSON.stringify(patched.body));
  await app.services.projections.catchUp();
  return { ...ws, slug, origin: app.originOf(slug), mediaId: background.id, ownerEmail };
}

/** The JSON page data a shell carries. */
export function pageDataOf(html: string): any {
  const m = /<script type="application\/json" id="confab-page-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, 'the page carries its data block');
  return JSON.parse(m![1]);
}

/** Waits for the newest mail to `address` whose text contains `containing` and answers it. */
export async function mailTo(
  app: TestApp,
  address: string,
  containing = '',
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(app, address)
      .filter((m) => m.text.includes(containing))
      .at(-1);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${address} with "${containing}" within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface LoginFixture {
  app: LoginApp;
  browser: Browser;
  ws: BrandedWorkspace;
  close(): Promise<void>;
}

/** What a browser test of the sign-in pages starts with: the bundle, the app, Chromium and one branded workspace. */
export async function loginFixture(slug: string, setup: BrandingSetup): Promise<LoginFixture> {
  buildLoginBundle();
  const app = await startLoginApp();
  const browser = await launchBrowser();
  const ws = await brandedWorkspace(app, slug, setup);
  return {
    app,
    browser,
    ws,
    async close() {
      await browser.close();
      await app.close();
    },
  };
}
