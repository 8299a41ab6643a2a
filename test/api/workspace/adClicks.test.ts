/**
 * The public ad click (302 to the stored adUrl, one click recorded) and GET /ad-analytics
 * (docs/branding.md, ad analytics; Pro plan or above), through the real service.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import express, { Router } from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appDeps } from '../../../app/server.js';
import { adRoutes } from '../../../api/workspace/adRoutes.js';
import { OpenApiRegistry } from '../../../api/http/openApiRegistry.js';
import { requestContext } from '../../../api/http/requestContext.js';
import { errorHandler } from '../../../api/http/errorHandler.js';
import type { Logger } from '../../../infrastructure/logger.js';
import { startTestApp, type TestApp } from '../../support/testApp.js';
import { operatorContext } from '../../../commands/commandContext.js';
import { addDays, dayOf } from '../../../domain/conversation/utcDays.js';
import {
  analytics,
  click,
  mediaItem,
  pastClick,
  settle,
  workspaceWithSlug,
  type AdWorkspace,
} from '../../support/adClickHarness.js';
import { UA } from '../../support/userAgents.js';

const AD = 'https://advertiser.example/offer?utm_source=confab';
let app: TestApp;
let acme: AdWorkspace;
let other: AdWorkspace;
let acmeAd: string;

test.before(async () => {
  app = await startTestApp();
  acme = await workspaceWithSlug(app, 'acme-ads');
  other = await workspaceWithSlug(app, 'other-ads');
  acmeAd = await mediaItem(app, acme, AD);
});
test.after(async () => {
  await app.close();
});

test('a click answers 302 to the stored adUrl, uncached, whatever the query asks for', async () => {
  const r = await click(app, 'acme-ads', acmeAd, {
    ua: UA.chromeWindows,
    ip: '198.51.100.1',
    extraQuery: `url=${encodeURIComponent('https://evil.example')}&redirect=https://evil.example&next=//evil.example`,
  });
  assert.is(r.status, 302);
  assert.is(r.headers.get('location'), AD);
  assert.is(r.headers.get('cache-control'), 'no-store');
  assert.is(r.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
});

test('the slug matches whatever its letter case in the link', async () => {
  assert.is(
    (await click(app, 'ACME-Ads', acmeAd, { ua: UA.chromeWindows, ip: '198.51.100.1' })).headers.get('location'),
    AD,
  );
});

test("404 JSON, nothing recorded: unknown slug, unknown media, an item without adUrl, another workspace's item under this slug", async () => {
  await settle(app);
  const before = (await analytics(app, acme.apiKey)).body.totalClicks;
  const bare = await mediaItem(app, acme, null);
  const foreign = await mediaItem(app, other, 'https://other.example/');
  const cases = [
    ['nobody-here', acmeAd],
    ['acme-ads', 'no-such-media'],
    ['acme-ads', bare],
    ['acme-ads', foreign],
    ['acme-ads', 'x'.repeat(101)],
  ];
  for (const [slug, media] of cases) {
    const res = await fetch(`${app.baseUrl}/api/v1/workspace/public/ad-click/${slug}/${media}`, {
      redirect: 'manual',
      headers: { 'user-agent': UA.chromeWindows },
    });
    assert.is(res.status, 404, `${slug}/${media}`);
    assert.is(res.headers.get('location'), null);
    const body = await res.json();
    assert.equal([Object.keys(body).sort(), body.code], [['code', 'error'], 'NOT_FOUND']);
  }
  assert.is(
    (await click(app, 'other-ads', foreign, { ua: UA.chromeWindows })).headers.get('location'),
    'https://other.example/',
    'under its own slug it works',
  );
  await settle(app);
  assert.is((await analytics(app, acme.apiKey)).body.totalClicks, before);
});

test('analytics: totals, unique visitors, devices, top 10 browsers, daily with today counted', async () => {
  const ws = await workspaceWithSlug(app, 'many-browsers');
  const ad = await mediaItem(app, ws, AD);
  const go = (opts: Parameters<typeof click>[3]) => click(app, ws.slug, ad, opts);
  for (let i = 0; i < 4; i++) await go({ ua: UA.chromeWindows, vid: 'chrome-visitor', ip: '203.0.113.1' });
  // No vid: one pseudonymous visitor for one address and user agent.
  for (let i = 0; i < 3; i++) await go({ ua: UA.iphone, ip: '203.0.113.2' });
  for (let i = 0; i < 2; i++) await go({ ua: UA.ipad, vid: 'ipad-visitor', ip: '203.0.113.3' });
  const singles = [
    UA.firefox,
    UA.safariMac,
    UA.edge,
    UA.opera,
    UA.samsungPhone,
    UA.vivaldi,
    UA.yandex,
    UA.ucBrowser,
    UA.ie,
    UA.whale,
  ];
  for (const [i, ua] of singles.entries()) await go({ ua, vid: `single-${i}`, ip: `203.0.113.${10 + i}` });
  await settle(app);

  const r = await analytics(app, ws.apiKey);
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(Object.keys(r.body).sort(), ['browsers', 'daily', 'devices', 'totalClicks', 'uniqueVisitors']);
  assert.equal([r.body.totalClicks, r.body.uniqueVisitors], [19, 13]);
  assert.equal(r.body.devices, [
    { device: 'desktop', count: 12 },
    { device: 'mobile', count: 5 },
    { device: 'tablet', count: 2 },
  ]);
  assert.equal(
    r.body.browsers,
    [
      { browser: 'Mobile Safari', count: 5 },
      { browser: 'Chrome', count: 4 },
      ...['Edge', 'Firefox', 'IE', 'Opera', 'Safari', 'Samsung Internet', 'UCBrowser', 'Vivaldi'].map((browser) => ({
        browser,
        count: 1,
      })),
    ],
    'twelve browsers: the top 10, ties by name (Whale and Yandex left out)',
  );
  const today = dayOf(new Date());
  assert.is(r.body.daily.length, 30);
  assert.equal(r.body.daily[29], { date: today, clicks: 19 });
  assert.equal(r.body.daily[0], { date: addDays(today, -29), clicks: 0 });
  assert.ok(
    r.body.daily.slice(0, 29).every((d: { clicks: number }) => d.clicks === 0),
    'the other days zero-filled',
  );
  assert.is(r.headers.get('cache-control'), 'private, no-store');
});

test('the window is the last 30 UTC days: 29 days ago in, 30 out; a visitor counts once if any click is in it', async () => {
  const ws = await workspaceWithSlug(app, 'window-days');
  const ad = await mediaItem(app, ws, AD);
  const today = dayOf(new Date());
  await pastClick(app, ws.workspaceId, 'old-only', `${addDays(today, -30)}T23:59:59.999Z`);
  await pastClick(app, ws.workspaceId, 'returning', `${addDays(today, -45)}T08:00:00.000Z`);
  await pastClick(app, ws.workspaceId, 'returning', `${addDays(today, -29)}T00:00:00.000Z`);
  await pastClick(app, ws.workspaceId, 'yesterday', `${addDays(today, -1)}T12:00:00.000Z`);
  await click(app, ws.slug, ad, { ua: UA.chromeWindows, vid: 'returning', ip: '203.0.113.40' });
  await settle(app);
  const r = (await analytics(app, ws.apiKey)).body;
  assert.equal([r.totalClicks, r.uniqueVisitors], [3, 2], 'returning and yesterday; old-only is outside');
  const byDate = Object.fromEntries(r.daily.map((d: { date: string; clicks: number }) => [d.date, d.clicks]));
  assert.equal(
    [byDate[addDays(today, -29)], byDate[addDays(today, -1)], byDate[today], byDate[addDays(today, -30)]],
    [1, 1, 1, undefined],
  );
  assert.equal(
    r.daily.map((d: { date: string }) => d.date),
    [...r.daily.map((d: { date: string }) => d.date)].sort(),
    'oldest first',
  );
});

test('a bot following the link is redirected but not counted', async () => {
  const ws = await workspaceWithSlug(app, 'bot-check');
  const ad = await mediaItem(app, ws, AD);
  assert.is((await click(app, ws.slug, ad, { ua: UA.googlebot, ip: '203.0.113.50' })).headers.get('location'), AD);
  assert.is((await click(app, ws.slug, ad, { ua: '', ip: '203.0.113.50' })).status, 302);
  await settle(app);
  assert.is((await analytics(app, ws.apiKey)).body.totalClicks, 0);
});

test('a HEAD (link checkers, unfurlers) is answered like the click but not counted; the GET after it is', async () => {
  const ws = await workspaceWithSlug(app, 'head-check');
  const ad = await mediaItem(app, ws, AD);
  const head = await click(app, ws.slug, ad, { ua: UA.chromeWindows, ip: '203.0.113.60', method: 'HEAD' });
  assert.is(head.status, 302);
  assert.is(head.headers.get('location'), AD);
  await settle(app);
  assert.is((await analytics(app, ws.apiKey)).body.totalClicks, 0);
  await click(app, ws.slug, ad, { ua: UA.chromeWindows, ip: '203.0.113.60' });
  await settle(app);
  assert.is((await analytics(app, ws.apiKey)).body.totalClicks, 1);
});

test('a malformed vid is ignored: the click still redirects and counts under the address pseudonym', async () => {
  const ws = await workspaceWithSlug(app, 'bad-vids');
  const ad = await mediaItem(app, ws, AD);
  for (const vid of ['has space', 'v'.repeat(101), '<b>'])
    assert.is((await click(app, ws.slug, ad, { ua: UA.firefox, ip: '203.0.113.60', vid })).status, 302);
  assert.is(
    (await click(app, ws.slug, ad, { ua: UA.firefox, ip: '203.0.113.60', extraQuery: 'vid=a&vid=b' })).status,
    302,
  );
  await settle(app);
  assert.equal(
    [(await analytics(app, ws.apiKey)).body.totalClicks, (await analytics(app, ws.apiKey)).body.uniqueVisitors],
    [4, 1],
  );
});

test('per address: past the limit the visitor is still redirected, but the click is not counted', async () => {
  const ws = await workspaceWithSlug(app, 'rate-limited');
  const ad = await mediaItem(app, ws, AD);
  for (let i = 0; i < 32; i++) {
    const r = await click(app, ws.slug, ad, { ua: UA.chromeWindows, ip: '198.51.100.99', vid: `v${i}` });
    assert.equal([r.status, r.headers.get('location')], [302, AD]);
  }
  await click(app, ws.slug, ad, { ua: UA.chromeWindows, ip: '198.51.100.100' });
  await settle(app);
  assert.is((await analytics(app, ws.apiKey)).body.totalClicks, 31, '30 from the busy address, 1 from another');
});

test('a click that cannot be recorded (store down) still takes the visitor to the ad, and is logged', async () => {
  const logged: string[] = [];
  const logger = { error: (message: string) => logged.push(message) } as unknown as Logger;
  const router = Router();
  adRoutes(router, new OpenApiRegistry(), '', {
    ...appDeps(app.services).workspace,
    logger,
    adClicks: { recordClick: () => Promise.reject(new Error('store down')) },
  });
  const broken = express().use(requestContext).use(router).use(errorHandler(app.services.logger));
  const server = createServer(broken);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    const res = await fetch(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/ad-click/acme-ads/${acmeAd}`,
      { redirect: 'manual', headers: { 'user-agent': UA.chromeWindows } },
    );
    assert.equal([res.status, res.headers.get('location')], [302, AD]);
    assert.equal(logged, ['ad click not recorded']);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('plan gating: no key 401; Free and Starter 403 PLAN_UPGRADE_REQUIRED; Pro and above any role 200', async () => {
  assert.is((await analytics(app)).status, 401);
  assert.is((await analytics(app, 'cfb_not_a_key')).status, 401);
  for (const plan of ['free', 'starter']) {
    const r = await analytics(app, (await app.createWorkspace(plan)).apiKey);
    assert.equal([r.status, r.body.code], [403, 'PLAN_UPGRADE_REQUIRED'], plan);
    assert.equal(Object.keys(r.body).sort(), ['code', 'error']);
  }
  for (const plan of ['business', 'enterprise'])
    assert.is((await analytics(app, (await app.createWorkspace(plan)).apiKey)).status, 200, plan);
  const member = await app.services.workspaces.createApiKey(
    { workspaceId: acme.workspaceId, role: 'member', scopes: 'read' },
    operatorContext(acme.workspaceId),
  );
  assert.is((await analytics(app, member.apiKey)).status, 200, 'a read-only member key');
  await app.services.workspaces.setPlan(other.workspaceId, 'starter', operatorContext());
  assert.is((await analytics(app, other.apiKey)).status, 403, 'a downgrade closes it');
});

test('OpenAPI documents both routes: the 302 of the click and the analytics object', async () => {
  const doc = (await app.api('GET', '/api/v1/openapi.json')).body;
  const clickOp = doc.paths['/api/v1/workspace/public/ad-click/{slug}/{mediaId}'].get;
  assert.ok(clickOp.responses['302']);
  assert.equal(clickOp.security, []);
  assert.ok(clickOp.parameters.some((p: { name: string; in: string }) => p.name === 'vid' && p.in === 'query'));
  const analyticsOp = doc.paths['/api/v1/workspace/ad-analytics'].get;
  assert.equal(analyticsOp.responses['200'].content['application/json'].schema.required, [
    'totalClicks',
    'uniqueVisitors',
    'daily',
    'devices',
    'browsers',
  ]);
  assert.equal(analyticsOp.security, [{ ApiKeyAuth: [] }]);
});

test.run();
