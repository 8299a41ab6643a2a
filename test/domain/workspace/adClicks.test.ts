// Ad click rules: device and browser from the User-Agent, bots, the vid rule, the redirect
// target check, per-day tallies and the 30-day analytics object.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { browserLabel, classifyUserAgent, parseVisitorId, redirectTarget } from '../../../domain/workspace/adClicks.js';
import {
  adAnalyticsOf,
  emptyAdDay,
  MAX_BROWSERS_PER_DAY,
  tallyClick,
  visitorMovedOn,
} from '../../../domain/workspace/adAnalytics.js';
import { daysFrom } from '../../../domain/conversation/utcDays.js';
import { UA } from '../../support/userAgents.js';

test('device: phones are mobile, tablets tablet, everything else (TVs, consoles, unknown) desktop', () => {
  const device = (ua: string) => classifyUserAgent(ua).device;
  assert.equal(
    [
      device(UA.chromeWindows),
      device(UA.iphone),
      device(UA.ipad),
      device(UA.samsungPhone),
      device(UA.smartTv),
      device(UA.playstation),
      device('SomethingNew/1.0'),
    ],
    ['desktop', 'mobile', 'tablet', 'mobile', 'desktop', 'desktop', 'desktop'],
  );
});

test('browser: the name ua-parser-js gives; unnamed or overlong names count as Other', () => {
  const browser = (ua: string) => classifyUserAgent(ua).browser;
  assert.equal(
    [browser(UA.chromeWindows), browser(UA.iphone), browser(UA.firefox), browser(UA.edge), browser('SomethingNew/1.0')],
    ['Chrome', 'Mobile Safari', 'Firefox', 'Edge', 'Other'],
  );
  assert.is(browserLabel(' Opera '), 'Opera');
  assert.is(browserLabel('x'.repeat(40)), 'x'.repeat(40));
  assert.is(browserLabel('x'.repeat(41)), 'Other');
  assert.is(browserLabel(undefined), 'Other');
});

test('bots: crawlers, link previewers, HTTP libraries and a missing User-Agent are bots; browsers are not', () => {
  for (const ua of [UA.googlebot, 'facebookexternalhit/1.1', 'curl/8.5.0', 'python-requests/2.31', '', '   '])
    assert.ok(classifyUserAgent(ua).bot, ua);
  for (const ua of [UA.chromeWindows, UA.iphone, UA.ipad]) assert.not.ok(classifyUserAgent(ua).bot, ua);
});

test('vid: 1–100 of A–Z a–z 0–9 _ -, anything else is ignored (null)', () => {
  assert.is(parseVisitorId('a'), 'a');
  assert.is(parseVisitorId('Az09_-'), 'Az09_-');
  assert.is(parseVisitorId('v'.repeat(100)), 'v'.repeat(100));
  for (const bad of ['', 'v'.repeat(101), 'a b', 'a.b', 'ä', '<script>', ['a', 'b'], 42, undefined, null])
    assert.is(parseVisitorId(bad), null, String(bad));
});

test('redirect target: only an absolute http(s) URL, as the URL parser writes it', () => {
  assert.is(redirectTarget('https://example.com/offer?x=1'), 'https://example.com/offer?x=1');
  assert.is(redirectTarget('http://EXAMPLE.com'), 'http://example.com/');
  for (const bad of [
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.example',
    '/relative',
    'mailto:a@b.c',
    'not a url',
    '',
    null,
    undefined,
    3,
  ]) {
    assert.is(redirectTarget(bad), null, String(bad));
  }
  assert.not.match(redirectTarget('https://example.com/a\r\nSet-Cookie: x=1') ?? '', /[\r\n]/, 'no header injection');
});

test('tally: a click counts its device and browser; a new last day gains the visitor, the old one loses them', () => {
  let day = tallyClick(emptyAdDay(), { device: 'mobile', browser: 'Mobile Safari' }, true);
  day = tallyClick(day, { device: 'mobile', browser: 'Mobile Safari' }, false);
  day = tallyClick(day, { device: 'desktop', browser: 'Chrome' }, true);
  assert.equal(day, {
    clicks: 3,
    devices: { desktop: 1, mobile: 2, tablet: 0 },
    browsers: { 'Mobile Safari': 2, Chrome: 1 },
    visitorsLastSeen: 2,
  });
  assert.is(visitorMovedOn(day).visitorsLastSeen, 1);
  assert.is(visitorMovedOn(emptyAdDay()).visitorsLastSeen, 0, 'never below zero');
});

test(`tally: a day keeps at most ${MAX_BROWSERS_PER_DAY} browser names; later new names count as Other`, () => {
  let day = emptyAdDay();
  for (let i = 0; i < MAX_BROWSERS_PER_DAY; i++) day = tallyClick(day, { device: 'desktop', browser: `B${i}` }, false);
  day = tallyClick(day, { device: 'desktop', browser: 'Late' }, false);
  day = tallyClick(day, { device: 'desktop', browser: 'B0' }, false);
  assert.is(day.browsers.Late, undefined);
  assert.is(day.browsers.Other, 1);
  assert.is(day.browsers.B0, 2, 'a name already kept still counts as itself');
});

test('analytics: the window zero-filled oldest first; totals and visitors from its days only; devices all three by count; top 10 browsers, ties by name', () => {
  const window = daysFrom('2025-03-01', '2025-03-30');
  const day = (
    d: string,
    clicks: number,
    devices: Record<'desktop' | 'mobile' | 'tablet', number>,
    browsers: Record<string, number>,
    visitorsLastSeen: number,
  ) => ({ day: d, clicks, devices, browsers, visitorsLastSeen });
  const browsers = Object.fromEntries(['K', 'J', 'I', 'H', 'G', 'F', 'E', 'D', 'C', 'B', 'A'].map((n) => [n, 1]));
  const a = adAnalyticsOf(
    [
      day('2025-02-28', 100, { desktop: 100, mobile: 0, tablet: 0 }, { Old: 100 }, 50),
      day('2025-03-01', 3, { desktop: 0, mobile: 1, tablet: 2 }, { Chrome: 3 }, 2),
      day('2025-03-30', 12, { desktop: 0, mobile: 11, tablet: 1 }, { ...browsers, Chrome: 1 }, 4),
    ],
    window,
  );
  assert.equal([a.totalClicks, a.uniqueVisitors], [15, 6]);
  assert.is(a.daily.length, 30);
  assert.equal(
    [a.daily[0], a.daily[1], a.daily[29]],
    [
      { date: '2025-03-01', clicks: 3 },
      { date: '2025-03-02', clicks: 0 },
      { date: '2025-03-30', clicks: 12 },
    ],
  );
  assert.equal(a.devices, [
    { device: 'mobile', count: 12 },
    { device: 'tablet', count: 3 },
    { device: 'desktop', count: 0 },
  ]);
  assert.equal(
    a.browsers.map((b) => b.browser),
    ['Chrome', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'],
  );
  assert.equal(a.browsers[0], { browser: 'Chrome', count: 4 });
  const empty = adAnalyticsOf([], window);
  assert.equal(
    empty.devices,
    [
      { device: 'desktop', count: 0 },
      { device: 'mobile', count: 0 },
      { device: 'tablet', count: 0 },
    ],
    'ties keep the seed order',
  );
  assert.equal([empty.totalClicks, empty.uniqueVisitors, empty.browsers], [0, 0, []]);
});

test.run();
