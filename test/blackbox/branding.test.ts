/**
 * Branding as a new user would do it against `npm start`, over HTTP only: claim a
 * slug, set colors and organization, upload three media files, make one active, click its ad
 * link from two browsers, and read the figures in ad analytics.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startBlackbox, type Blackbox, type Workspace } from './blackboxServer.js';
import { reportedSetUp } from '../support/reportedSetUp.js';

const W = '/api/v1/workspace';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#f50"/></svg>',
);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
]);

let bb: Blackbox;
let ws: Workspace;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(bb.url + path, {
    method,
    redirect: 'manual',
    headers: {
      'x-api-key': ws.apiKey,
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

function upload(bytes: Buffer, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

test.before(
  reportedSetUp(async () => {
    bb = await startBlackbox();
    ws = await bb.workspace('pro');
  }),
);
test.after(async () => {
  await bb?.close();
});

test('a new user brands a workspace and reads its ad analytics, with HTTP alone', async () => {
  assert.is((await call('GET', `${W}/check-slug/acme-anvils`)).body.available, true);
  assert.is((await call('PUT', `${W}/slug`, { slug: 'acme-anvils' })).status, 200);
  assert.is((await call('PATCH', `${W}/branding`, { primaryColor: '#FF5500', tagline: 'Anvils, fast.' })).status, 200);
  assert.is(
    (await call('PATCH', `${W}/organization`, { industry: 'Retail', country: 'DE', timezone: 'Europe/Berlin' })).status,
    200,
  );

  const first = await call(
    'POST',
    `${W}/media`,
    upload(PNG, 'hero.png', { adUrl: 'https://shop.example/sale', adLabel: 'Sale' }),
  );
  assert.is(first.status, 201, JSON.stringify(first.body));
  const second = await call('POST', `${W}/media`, upload(SVG, 'logo.svg'));
  const third = await call(
    'POST',
    `${W}/media`,
    upload(MP4, 'clip.mp4', { adUrl: 'https://shop.example/video', slideDuration: '10' }),
  );
  assert.equal([second.status, third.status], [201, 201]);
  assert.equal([first.body.active, second.body.active, third.body.active], [true, false, false]);
  assert.is((await call('PATCH', `${W}/media/${third.body.id}`, { active: true })).status, 200);

  const pub = await fetch(`${bb.url}${W}/public/branding/acme-anvils`).then((r) => r.json());
  assert.is(pub.branding.primaryColor, '#FF5500');
  assert.is(pub.branding.activeLoginMedia.mediaType, 'video');
  assert.is(pub.branding.activeLoginMedia.adUrl, 'https://shop.example/video');
  // PUBLIC_URL names the port the service was told; this test's server listens on a random one.
  assert.is((await fetch(bb.url + new URL(pub.branding.activeLoginMedia.mediaUrl).pathname)).status, 200);

  for (const [ua, vid] of [
    [CHROME, 'visitor-a'],
    [IPHONE, 'visitor-b'],
  ]) {
    const click = await fetch(`${bb.url}${W}/public/ad-click/acme-anvils/${third.body.id}?vid=${vid}`, {
      redirect: 'manual',
      headers: { 'user-agent': ua },
    });
    assert.is(click.status, 302);
    assert.is(click.headers.get('location'), 'https://shop.example/video');
  }
  let figures: any = null;
  for (let i = 0; i < 50 && figures?.totalClicks !== 2; i++) {
    figures = (await call('GET', `${W}/ad-analytics`)).body;
    if (figures?.totalClicks !== 2) await new Promise((r) => setTimeout(r, 100));
  }
  assert.is(figures.totalClicks, 2);
  assert.is(figures.uniqueVisitors, 2);
  assert.is(figures.daily.length, 30);
  assert.is(figures.daily.at(-1).clicks, 2);
  const devices = Object.fromEntries(
    figures.devices.map((d: { device: string; count: number }) => [d.device, d.count]),
  );
  assert.equal(devices, { desktop: 1, mobile: 1, tablet: 0 });
  assert.equal(figures.browsers.map((b: { browser: string }) => b.browser).sort(), ['Chrome', 'Mobile Safari']);
});

test.run();
