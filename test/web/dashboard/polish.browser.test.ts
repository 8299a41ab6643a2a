/**
 * UI audit, second pass: what a customer saw at desktop and phone size with a long workspace
 * name and real data. Every control reached by touch is at least 24 px tall (the back links,
 * a table row's link, the sign-in card position sliders); the owner's avatar stays a circle
 * beside a name that wraps; a chatbot's response count on the overview stays on one line; the
 * active background's "Active" badge is shown on a phone, not cut off with the title.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../../support/pageChecks.js';
import { mediaItem } from '../../support/adClickHarness.js';
import {
  chatThrough,
  checkPage,
  createSignedInWorkspace,
  openDashboard,
  settled,
  startDashboardEnv,
  type DashboardEnv,
  type SignedInWorkspace,
} from './dashboardHarness.js';

const WORKSPACE = 'Internationale Handelsgesellschaft Nordeuropa und Skandinavien GmbH & Co. KG';
const BOT = 'Customer Experience & Returns Concierge for the Northern Europe Retail Region';

let env: DashboardEnv;
let owner: SignedInWorkspace;
let botId = '';
let responseId = '';

test.before(async () => {
  env = await startDashboardEnv();
  owner = await createSignedInWorkspace(env.app, 'pro', { slug: 'polish-audit', name: WORKSPACE });
  const bot = await env.app.api('POST', '/api/v1/external/v1/chatbots', { apiKey: owner.apiKey, body: { name: BOT } });
  assert.is(bot.status, 201, JSON.stringify(bot.body));
  botId = bot.body.data.id;
  await chatThrough(env.app, botId, ['Ann', 'ann@example.com'], 'end');
  await chatThrough(env.app, botId, ['Bo', 'bo@example.com'], 'end');
  const list = await env.app.api('GET', `/api/v1/external/v1/chatbots/${botId}/responses`, { apiKey: owner.apiKey });
  responseId = list.body.data[0]._id;
  await mediaItem(env.app, owner, `https://shop.example.com/campaigns/${'x'.repeat(60)}`);
  await mediaItem(env.app, owner, null);
});
test.after(async () => {
  await env?.close();
});

async function heightOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, `${selector} is shown`);
  return box!.height;
}

test('back links, row links and the card position sliders are at least 24 px tall', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const bot = await openDashboard(env, owner, `/chatbots/${botId}`, viewport);
    await settled(bot.page);
    assert.ok((await heightOf(bot.page, 'a.back-link')) >= 24, `chatbot's back link at ${viewport.width} px`);
    await bot.page.context().close();

    const response = await openDashboard(env, owner, `/responses/${responseId}`, viewport);
    await settled(response.page);
    assert.ok((await heightOf(response.page, 'a.back-link')) >= 24, `conversation's back link at ${viewport.width} px`);
    await response.page.context().close();
  }

  const bots = await openDashboard(env, owner, '/chatbots');
  await settled(bots.page);
  await bots.page.getByRole('link', { name: BOT }).waitFor();
  for (const h of await bots.page
    .locator('.table a.row-link')
    .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height))) {
    assert.ok(h >= 24, `a chatbot's row link is ${h} px tall`);
  }
  await bots.page.context().close();

  const branding = await openDashboard(env, owner, '/branding', PHONE);
  await settled(branding.page);
  for (const label of ['From the left', 'From the top']) {
    const box = (await branding.page.getByLabel(label).boundingBox())!;
    assert.ok(box.height >= 24, `"${label}" slider is ${box.height} px tall`);
  }
  await branding.page.context().close();
});

test('phone: the owner avatar stays round beside a long name that wraps', async () => {
  const opened = await openDashboard(env, owner, '/members', PHONE);
  await settled(opened.page);
  const avatars = await opened.page.locator('main .avatar').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return [r.width, r.height];
    }),
  );
  assert.ok(avatars.length > 0, 'the members list shows avatars');
  for (const [w, h] of avatars) assert.ok(Math.abs(w - h) < 1 && w >= 32, `avatar ${w}×${h} is a 32 px circle`);
  await checkPage(opened, 'polish-members');
  await opened.page.context().close();
});

test("phone: a chatbot's response count on the overview stays on one line", async () => {
  const opened = await openDashboard(env, owner, '/', PHONE);
  await settled(opened.page);
  const count = opened.page.locator('main .link-list a', { hasText: BOT.slice(0, 20) }).getByText('2 responses');
  await count.waitFor();
  const lines = await count.evaluate(
    (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
  );
  assert.ok(lines < 1.5, `"2 responses" takes ${lines.toFixed(2)} lines`);
  await checkPage(opened, 'polish-overview');
  await opened.page.context().close();
});

test('phone: the active background shows its "Active" badge in full', async () => {
  const opened = await openDashboard(env, owner, '/branding', PHONE);
  await settled(opened.page);
  const item = opened.page.locator('.gallery-item').first();
  const badge = item.locator('.badge', { hasText: 'Active' });
  await badge.waitFor();
  const fit = await item.evaluate((li) => {
    const b = li.querySelector('.gallery-meta .badge')!.getBoundingClientRect();
    const meta = li.querySelector('.gallery-meta')!.getBoundingClientRect();
    const title = li.querySelector('.gallery-meta strong')!;
    return {
      inside: b.left >= meta.left - 0.5 && b.right <= meta.right + 0.5 && b.width > 20,
      cut: title.scrollWidth > title.clientWidth,
    };
  });
  assert.ok(fit.inside, "the badge lies within the item's text column");
  assert.not.ok(fit.cut, 'the title is not cut');
  await checkPage(opened, 'polish-branding-gallery');
  await opened.page.context().close();
});

test.run();
