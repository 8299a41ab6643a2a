/**
 * The service for the sign-in page tests: started on a port known in advance (PUBLIC_URL and the
 * slug hosts `http://<slug>.localhost:<port>` must name it), the login bundle built with the
 * project's script, branded workspaces set up through the real branding and gallery endpoints,
 * Host-addressed requests from Node, and the mails the outbox received.
 */
import * as assert from 'uvu/assert';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { mediaClient } from '../../support/mediaHarness.js';
import { parseMail, type ReceivedMail } from '../../api/external/accountMailbox.js';
import { backgroundSvg, logoSvg } from './loginArt.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const W = '/api/v1/workspace';

export function buildLoginBundle(): void {
  const r = spawnSync(process.execPath, ['scripts/buildWeb.mjs', '--only', 'login'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`buildWeb failed: ${r.stderr || r.stdout}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface LoginApp extends TestApp {
  port: number;
  /** `http://<slug>.localhost:<port>` */
  originOf(slug: string): string;
}

export async function startLoginApp(env: Record<string, string> = {}): Promise<LoginApp> {
  const port = await freePort();
  return asLoginApp(await startTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WORKSPACE_DOMAIN: 'localhost', ...env }));
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
export async function brandedWorkspace(app: LoginApp, slug: string, setup: BrandingSetup = {}): Promise<BrandedWorkspace> {
  const displayName = setup.displayName ?? 'Northwind';
  const ownerEmail = setup.ownerEmail ?? `owner-${slug}@example.com`;
  const ws = await app.services.workspaces.createWorkspace({ name: displayName, plan: 'pro', ownerEmail, ownerPassword: setup.ownerPassword }, operatorContext());
  const claimed = await app.api('PUT', `${W}/slug`, { apiKey: ws.apiKey, body: { slug } });
  assert.is(claimed.status, 200, JSON.stringify(claimed.body));
  const media = mediaClient(app);
  const fields: Record<string, string> = { slideDuration: '8' };
  if (setup.adUrl) fields.adUrl = setup.adUrl;
  if (setup.adLabel) fields.adLabel = setup.adLabel;
  const background = await media.uploaded(ws.apiKey, backgroundSvg(), { name: 'dusk.svg', type: 'image/svg+xml', fields });
  const logo = await media.uploaded(ws.apiKey, logoSvg(displayName, setup.primaryColor ?? '#0F766E'), { name: 'logo.svg', type: 'image/svg+xml' });
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

export interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET with an explicit Host header (Node's fetch cannot set one). */
export function getWithHost(app: LoginApp, path: string, host: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: app.port, path, method: 'GET', headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JSON page data a shell carries. */
export function pageDataOf(html: string): any {
  const m = /<script type="application\/json" id="confab-page-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, 'the page carries its data block');
  return JSON.parse(m![1]);
}

/** Every mail in DATA_DIR/outbox, oldest first. */
export async function outbox(app: TestApp): Promise<ReceivedMail[]> {
  const dir = join(app.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => {
    const raw = await readFile(join(dir, f), 'utf8');
    return parseMail(raw, [/^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '']);
  }));
}

/** Waits for the newest mail to `address` whose text contains `containing` (any mail without it) and answers it. */
export async function mailTo(app: TestApp, address: string, containing = '', timeoutMs = 10_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mine = (await outbox(app)).filter((m) => m.to.some((t) => t.includes(address)) && m.text.includes(containing));
    if (mine.length) return mine.at(-1)!;
    if (Date.now() > until) throw new Error(`no mail to ${address} with "${containing}" within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in a mail's text that starts with `prefix` (e.g. an origin + path). */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const found = (mail.text + '\n' + mail.html).match(/https?:\/\/[^\s"'<>]+/g)?.find((u) => u.includes(pathPart));
  assert.ok(found, `a link with ${pathPart} in: ${mail.text}`);
  return found!.replace(/&amp;/g, '&');
}

/** The 6-digit code of a mail. */
export function codeIn(mail: ReceivedMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  assert.ok(m, `a 6-digit code in: ${mail.text}`);
  return m![1]!;
}
