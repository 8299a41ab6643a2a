/**
 * The branded login plays its gallery (UI audit: only the active item was ever shown, so a slide
 * duration did nothing). The page's slides are the gallery in display order from the active item
 * on, without the logo upload; each image stays its slide duration (timers driven by Playwright's
 * clock), a video until it ends; the ad link is the current slide's, inside a landmark; with
 * prefers-reduced-motion nothing rotates. The public branding JSON still names the active item only.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshotBothSizes, watchPageErrors, DESKTOP } from '../../support/pageChecks.js';
import { mediaClient } from '../../support/mediaHarness.js';
import { MP4 } from '../../support/mediaSamples.js';
import { brandedWorkspace, loginFixture, pageDataOf, W, type LoginFixture } from './loginHarness.js';
import { hostRequest } from '../../support/signIn.js';

let fx: LoginFixture;
/** Gallery ids: the fixture's background, then two more images; `second` is made active. */
const ids = { background: '', second: '', third: '' };

/** A full-bleed colour field with soft shapes: a recognisable slide in a screenshot. */
const slide = (from: string, to: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1600" height="1000" fill="url(#g)"/><circle cx="1200" cy="300" r="220" fill="#fff" opacity="0.18"/><circle cx="1350" cy="760" r="140" fill="#fff" opacity="0.12"/></svg>`);

test.before(async () => {
  fx = await loginFixture('meridian', {
    displayName: 'Meridian',
    adUrl: 'https://ads.example.com/spring',
    adLabel: 'Spring collection',
  });
  ids.background = fx.ws.mediaId;
  const media = mediaClient(fx.app);
  const second = await media.uploaded(fx.ws.apiKey, slide('#0F766E', '#155E75'), {
    name: 'teal.svg',
    type: 'image/svg+xml',
    fields: { slideDuration: '3', adUrl: 'https://ads.example.com/summer', adLabel: 'Summer offers' },
  });
  const third = await media.uploaded(fx.ws.apiKey, slide('#9D174D', '#7C2D12'), {
    name: 'rose.svg',
    type: 'image/svg+xml',
    fields: { slideDuration: '4' },
  });
  ids.second = second.id;
  ids.third = third.id;
  assert.is(
    (await fx.app.api('PATCH', `${W}/media/${second.id}`, { apiKey: fx.ws.apiKey, body: { active: true } })).status,
    200,
  );
  await fx.app.services.projections.catchUp();
});
test.after(async () => {
  await fx?.close();
});

test('the page carries the gallery from the active item on; the public JSON still only the active one', async () => {
  const r = await hostRequest(fx.app, 'GET', '/login', { origin: fx.ws.origin });
  const { media } = pageDataOf(r.text).branding;
  // Display order: background, logo, second, third. From the active (second) on, wrapping, no logo.
  assert.equal(
    media.map((m: { id: string }) => m.id),
    [ids.second, ids.third, ids.background],
  );
  assert.equal(
    media.map((m: { slideDuration: number }) => m.slideDuration),
    [3, 4, 8],
  );
  assert.is(media[0].clickUrl, `/api/v1/workspace/public/ad-click/meridian/${ids.second}`);
  assert.is(media[1].clickUrl, null, 'no ad, no link');
  const pub = await fx.app.api('GET', `${W}/public/branding/meridian`);
  assert.match(pub.body.branding.activeLoginMedia.mediaUrl, new RegExp(`${ids.second}$`));
  assert.is(pub.body.branding.loginMedia, undefined, 'no list in the public JSON');
});

/**
 * The branded login in a fresh context. `clock`: the page's timers run only when the test says
 * (Playwright's clock, paused from the start), so slide times are exact and nothing flakes.
 */
async function openLogin(
  reducedMotion: 'reduce' | 'no-preference',
  clock = true,
): Promise<{ page: Page; problems: string[] }> {
  const context = await fx.browser.newContext({ viewport: DESKTOP, reducedMotion });
  const page = await context.newPage();
  const { problems } = watchPageErrors(page);
  if (clock) {
    await page.clock.install({ time: new Date('2030-01-01T09:00:00Z') });
    await page.clock.pauseAt(new Date('2030-01-01T09:00:01Z'));
  }
  await page.goto(`${fx.ws.origin}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  return { page, problems };
}

/** Polls from Node (real time), since the page's own timers are under the test's clock. */
async function until(page: Page, check: string): Promise<void> {
  for (let i = 0; i < 100 && !(await page.evaluate(check)); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(await page.evaluate(check), check);
}

const onScreen = (page: Page) => page.locator('.lg-backdrop').getAttribute('data-slide');
const adLink = (page: Page) => page.getByRole('complementary', { name: 'Advertisement' }).getByRole('link');
/** Every image loaded and the slide's fade-in over: what a person sees once it has settled. */
const imagesLoaded =
  "[...document.images].every((i) => i.complete && i.naturalWidth > 0) && document.getAnimations().every((a) => a.playState !== 'running')";

test('each image stays its slide duration, the ad link follows the slide, then it starts over', async () => {
  const { page, problems } = await openLogin('no-preference');
  assert.is(await onScreen(page), ids.second);
  assert.match(await adLink(page).innerText(), /Summer offers/);
  assert.match(String(await adLink(page).getAttribute('href')), new RegExp(`/ad-click/meridian/${ids.second}\\?vid=`));

  // Margins of half a second: a slide's timer starts with the frame after it is shown.
  await page.clock.runFor(2_500);
  assert.is(await onScreen(page), ids.second, 'not before its 3 s');
  await page.clock.runFor(1_500);
  assert.is(await onScreen(page), ids.third);
  assert.is(
    await page.getByRole('complementary', { name: 'Advertisement' }).count(),
    0,
    'a slide without an ad shows none',
  );

  await page.clock.runFor(4_500);
  assert.is(await onScreen(page), ids.background);
  assert.match(await adLink(page).innerText(), /Spring collection/);
  assert.match(
    String(await adLink(page).getAttribute('href')),
    new RegExp(`/ad-click/meridian/${ids.background}\\?vid=`),
  );
  await screenshotBothSizes(page, 'login-slideshow-third-slide', () => until(page, imagesLoaded));

  await page.clock.runFor(8_500);
  assert.is(await onScreen(page), ids.second, 'round again from the first slide');
  assert.equal(problems, []);
  await page.context().close();
});

test('the ad link is inside a landmark: axe finds no "region" problem, nor anything serious', async () => {
  const { page } = await openLogin('no-preference', false);
  await expectAccessible(page, 'login with a slideshow');
  const region = await page.evaluate(
    `axe.run(document, { runOnly: ['region'] }).then((r) => r.violations.map((v) => v.nodes.map((n) => n.target)))`,
  );
  assert.equal(region, [], 'every piece of content in a landmark');
  await screenshotBothSizes(page, 'login-slideshow', () => until(page, imagesLoaded));
  await page.context().close();
});

test('prefers-reduced-motion: the active slide stays, however long', async () => {
  const { page } = await openLogin('reduce');
  await page.clock.runFor(60_000);
  assert.is(await onScreen(page), ids.second);
  assert.match(await adLink(page).innerText(), /Summer offers/);
  await page.context().close();
});

test('a video slide plays through once and gives way to the next slide when it ends', async () => {
  const reel = await brandedWorkspace(fx.app, 'reelmix', { displayName: 'Reel Mix' });
  const video = await mediaClient(fx.app).uploaded(reel.apiKey, MP4, { name: 'intro.mp4', type: 'video/mp4' });
  await fx.app.api('PATCH', `${W}/media/${video.id}`, { apiKey: reel.apiKey, body: { active: true } });
  await fx.app.services.projections.catchUp();
  const context = await fx.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${reel.origin}/login`);
  const el = page.locator('video.lg-backdrop__media');
  await el.waitFor({ state: 'attached' });
  assert.equal(await el.evaluate((v: HTMLVideoElement) => ({ loop: v.loop, autoplay: v.autoplay, muted: v.muted })), {
    loop: false,
    autoplay: true,
    muted: true,
  });
  await el.evaluate((v) => v.dispatchEvent(new Event('ended')));
  await page.waitForFunction(
    (id) => document.querySelector('.lg-backdrop')?.getAttribute('data-slide') === id,
    reel.mediaId,
  );
  await context.close();
});

test.run();
