/**
 * The branded login in Chromium on a slug host (`http://<slug>.localhost:<port>/login`): logo,
 * colors, tagline, background with its fit/position and the card at its card position (desktop)
 * or stacked under it (phone), the ad link through the click-counting redirect, password sign-in
 * with the neutral failure, the plain main-domain login, an unknown slug's 404 page, axe scans
 * and desktop/phone screenshots.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, screenshotBothSizes, watchPageErrors, DESKTOP, PHONE } from '../../support/pageChecks.js';
import {
  brandedWorkspace,
  loginFixture,
  type BrandedWorkspace,
  type LoginApp,
  type LoginFixture,
} from './loginHarness.js';
import { contrastRatio } from '../../../web/login/color.js';
import { mediaClient } from '../../support/mediaHarness.js';
import { MP4 } from '../../support/mediaSamples.js';

const PASSWORD = 'correct horse battery staple';
const AD_URL = 'https://ads.example.com/spring?utm=login';

let app: LoginApp;
let browser: Browser;
let ws: BrandedWorkspace;
let fixture: LoginFixture;

test.before(async () => {
  fixture = await loginFixture('northwind', {
    displayName: 'Northwind',
    primaryColor: '#0F766E',
    secondaryColor: '#7C3AED',
    tagline: 'Support that feels human.',
    display: { fit: 'cover', position: 'bottom-right', cardPosition: '22,50' },
    adUrl: AD_URL,
    adLabel: 'Spring collection: 20% off',
    ownerPassword: PASSWORD,
  });
  ({ app, browser, ws } = fixture);
});
test.after(async () => {
  await fixture?.close();
});

async function openLogin(
  origin: string,
  viewport = DESKTOP,
  path = '/login',
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const { problems } = watchPageErrors(page);
  const res = await page.goto(`${origin}${path}`);
  assert.is(res?.status(), 200);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  return { page, problems };
}

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

test('the branded page wears the workspace: logo, name, tagline, colors, readable button text', async () => {
  const { page, problems } = await openLogin(ws.origin);
  await page.getByRole('heading', { name: 'Sign in to Northwind' }).waitFor();
  const logo = page.getByRole('img', { name: 'Northwind logo' });
  await logo.waitFor();
  assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the logo loaded');
  assert.ok(await page.getByText('Support that feels human.').isVisible());
  const button = page.getByRole('button', { name: 'Sign in' });
  const colors = await button.evaluate((b) => ({
    bg: getComputedStyle(b).backgroundColor,
    fg: getComputedStyle(b).color,
  }));
  assert.is(colors.bg, rgb('#0F766E'));
  assert.is(colors.fg, rgb('#FFFFFF'), 'white reads on teal');
  assert.equal(problems, []);
  await page.context().close();
});

test('a light brand color gets dark button text (AA on any color)', async () => {
  const yellow = await brandedWorkspace(app, 'sunny', {
    displayName: 'Sunny',
    primaryColor: '#FDE047',
    secondaryColor: '#FACC15',
    ownerPassword: PASSWORD,
  });
  const { page } = await openLogin(yellow.origin);
  const button = page.getByRole('button', { name: 'Sign in' });
  const fg = await button.evaluate((b) => getComputedStyle(b).color);
  assert.is(fg, 'rgb(15, 23, 42)');
  assert.ok(contrastRatio('#0F172A', '#FDE047') >= 4.5);
  await expectAccessible(page, 'login with a yellow brand');
  await page.context().close();
});

test('background: the active image with its fit and position; the card at its card position on desktop', async () => {
  const { page } = await openLogin(ws.origin);
  const bg = page.locator('.lg-backdrop__media');
  await bg.waitFor();
  const style = await bg.evaluate((img: HTMLImageElement) => ({
    fit: getComputedStyle(img).objectFit,
    position: getComputedStyle(img).objectPosition,
    src: img.currentSrc,
    loaded: img.complete && img.naturalWidth > 0,
  }));
  assert.is(style.fit, 'cover');
  assert.is(style.position, '100% 100%', 'bottom-right');
  assert.ok(style.src.startsWith(`${ws.origin}/api/v1/workspace/public/media/${ws.mediaId}`), style.src);
  assert.ok(style.loaded, 'the background loaded');
  const card = await page.locator('.lg-card').boundingBox();
  assert.ok(card);
  const centerX = card!.x + card!.width / 2;
  const centerY = card!.y + card!.height / 2;
  // cardPosition 22,50: left of center, vertically centered, fully inside the viewport.
  assert.ok(centerX < DESKTOP.width / 2 - 100, `card center x ${centerX}`);
  assert.ok(Math.abs(centerY - DESKTOP.height / 2) < 60, `card center y ${centerY}`);
  assert.ok(card!.x >= 0 && card!.y >= 0 && card!.y + card!.height <= DESKTOP.height, 'inside the viewport');
  await page.context().close();
});

test('on a phone the card stacks under the background banner, full width', async () => {
  const { page } = await openLogin(ws.origin, PHONE);
  const banner = await page.locator('.lg-backdrop').boundingBox();
  const card = await page.locator('.lg-card').boundingBox();
  assert.ok(banner && card);
  assert.ok(card!.y > banner!.y + banner!.height - 60, 'below the banner (slight overlap)');
  assert.ok(card!.width >= PHONE.width - 40, `card width ${card!.width}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.is(overflow, 0, 'no sideways scrolling');
  for (const name of ['Sign in', 'Email me a code', 'Email me a sign-in link']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    assert.ok(box!.height >= 44, `${name}: 44 px target`);
  }
  await page.context().close();
});

test('the ad link goes through the click URL with a stable visitor id and records the click', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  // The advertiser's site is not on this machine: answer its page here.
  await context.route('https://ads.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Spring</title>ok' }),
  );
  const page = await context.newPage();
  await page.goto(`${ws.origin}/login`);
  const link = page.getByRole('link', { name: /Spring collection: 20% off/ });
  await link.waitFor();
  const href = await link.getAttribute('href');
  const vid = await page.evaluate(() => localStorage.getItem('confab_vid'));
  assert.match(String(vid), /^[0-9a-f]{32}$/);
  assert.is(href, `/api/v1/workspace/public/ad-click/northwind/${ws.mediaId}?vid=${vid}`);
  assert.is(await link.getAttribute('target'), '_blank');
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await popup.waitForURL(AD_URL);
  // The same visitor id on the next visit.
  await page.reload();
  assert.is(await page.evaluate(() => localStorage.getItem('confab_vid')), vid);
  await app.services.projections.catchUp();
  await app.services.projections.catchUp();
  const stats = await app.api('GET', '/api/v1/workspace/ad-analytics', { apiKey: ws.apiKey });
  assert.is(stats.status, 200, JSON.stringify(stats.body));
  assert.is(stats.body.totalClicks, 1);
  assert.is(stats.body.uniqueVisitors, 1);
  await context.close();
});

test('a video background loops muted inline, and does not start by itself under prefers-reduced-motion', async () => {
  const reel = await brandedWorkspace(app, 'reel', {
    displayName: 'Reel',
    display: { fit: 'contain', position: 'top-center', cardPosition: '80,30' },
  });
  const video = await mediaClient(app).uploaded(reel.apiKey, MP4, { name: 'loop.mp4', type: 'video/mp4' });
  const activated = await app.api('PATCH', `/api/v1/workspace/media/${video.id}`, {
    apiKey: reel.apiKey,
    body: { active: true },
  });
  assert.is(activated.status, 200, JSON.stringify(activated.body));
  // The video alone (the logo upload is no slide): a single slide loops. A video among other
  // slides plays once and gives way (slideshow.browser.test.ts).
  assert.is((await app.api('DELETE', `/api/v1/workspace/media/${reel.mediaId}`, { apiKey: reel.apiKey })).status, 200);
  await app.services.projections.catchUp();
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion });
    const page = await context.newPage();
    await page.goto(`${reel.origin}/login`);
    const el = page.locator('video.lg-backdrop__media');
    await el.waitFor({ state: 'attached' });
    const v = await el.evaluate((x: HTMLVideoElement) => ({
      muted: x.muted,
      inline: x.playsInline,
      loop: x.loop,
      autoplay: x.autoplay,
      fit: getComputedStyle(x).objectFit,
      position: getComputedStyle(x).objectPosition,
      src: x.getAttribute('src'),
    }));
    assert.equal({ muted: v.muted, inline: v.inline, loop: v.loop }, { muted: true, inline: true, loop: true });
    assert.is(v.autoplay, reducedMotion === 'no-preference', `autoplay with ${reducedMotion}`);
    assert.is(v.fit, 'contain');
    assert.is(v.position, '50% 0%', 'top-center');
    assert.is(v.src, `/api/v1/workspace/public/media/${video.id}`);
    // cardPosition 80,30: right of center, above the middle.
    const card = await page.locator('.lg-card').boundingBox();
    assert.ok(
      card!.x + card!.width / 2 > DESKTOP.width / 2 + 100 && card!.y + card!.height / 2 < DESKTOP.height / 2,
      JSON.stringify(card),
    );
    await context.close();
  }
});

test('password sign-in on the branded page lands on the page it was sent from (?next=); /login then skips ahead', async () => {
  const { page, problems } = await openLogin(ws.origin, DESKTOP, '/login?next=%2Fchatbots');
  await page.getByRole('textbox', { name: 'Email' }).fill(ws.ownerEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${ws.origin}/chatbots`);
  const session = await page.evaluate(async () => (await fetch('/auth/session')).json());
  assert.is(session.user.email, ws.ownerEmail);
  assert.is(session.workspace.slug, 'northwind');
  assert.equal(
    problems.filter((p) => !p.includes('/api/v1/dashboard')),
    [],
  );
  // Signed in already: the login page goes straight to the dashboard (or a safe next).
  await page.goto(`${ws.origin}/login`);
  assert.is(page.url(), `${ws.origin}/`);
  await page.goto(`${ws.origin}/login?next=//evil.example/x`);
  assert.is(page.url(), `${ws.origin}/`);
  await page.context().close();
});

test('a wrong password and an unknown address get the same neutral message', async () => {
  const { page } = await openLogin(ws.origin);
  const alert = page.getByRole('alert');
  await page.getByRole('textbox', { name: 'Email' }).fill(ws.ownerEmail);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await alert.waitFor();
  const wrong = (await alert.textContent())!.trim();
  assert.ok(wrong.length > 10, wrong);
  assert.not.match(wrong, /password is wrong|no account|unknown/i, 'neutral');
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(
    (before) => document.querySelector('[role=alert]')?.textContent?.trim() === before || false,
    wrong,
    { timeout: 5000 },
  );
  assert.is((await alert.textContent())!.trim(), wrong);
  assert.is(page.url(), `${ws.origin}/login`);
  await page.context().close();
});

test('an empty email asks for one before anything is sent', async () => {
  const { page } = await openLogin(ws.origin);
  let posted = 0;
  page.on('request', (r) => (r.method() === 'POST' ? posted++ : 0));
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('alert').waitFor();
  assert.match((await page.getByRole('alert').textContent())!, /email address/i);
  assert.is(posted, 0);
  const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);
  assert.is(focused, 'email');
  await page.context().close();
});

test('looks: branded login (image background, ad link) passes axe; screenshots at both sizes', async () => {
  const { page, problems } = await openLogin(ws.origin);
  await page.locator('.lg-backdrop__media').waitFor();
  await expectAccessible(page, 'branded login');
  await screenshotBothSizes(page, 'login-branded', async () => {
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  });
  assert.equal(problems, []);
  await page.context().close();
});

test('looks: the plain main-domain login is Confab-branded and passes axe', async () => {
  const { page, problems } = await openLogin(app.config.publicUrl);
  await page.getByRole('heading', { name: 'Sign in to Confab' }).waitFor();
  assert.ok(await page.getByRole('link', { name: 'Create a workspace' }).isVisible());
  await expectAccessible(page, 'main-domain login');
  await screenshotBothSizes(page, 'login-main');
  assert.equal(problems, []);
  await page.context().close();
});

test('an unknown slug host shows a proper 404 page', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const res = await page.goto(`${app.originOf('no-such-team')}/login`);
  assert.is(res?.status(), 404);
  await page.getByRole('heading', { name: 'No workspace here' }).waitFor();
  const link = page.getByRole('link', { name: 'Go to Confab sign-in' });
  assert.is(await link.getAttribute('href'), `${app.config.publicUrl}/login`);
  await expectAccessible(page, '404 page');
  await screenshotBothSizes(page, 'login-unknown-slug');
  await context.close();
});

test.run();
