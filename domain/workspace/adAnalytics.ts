/**
 * Ad analytics (docs/branding.md): per-day tallies that a
 * projection keeps, and the 30-day answer computed from at most 30 of them.
 *
 * Unique visitors without scanning visitors: each visitor is counted on exactly one day, the
 * day of their latest click (`visitorsLastSeen`). A new click moves them from their previous
 * last day to the click's day. Visitors who clicked within the window are exactly those whose
 * last click is within it, so the window's unique visitors are the sum of its days' counts.
 */
import { DEVICES, OTHER_BROWSER, type Device } from './adClicks.js';

export const AD_ANALYTICS_DAYS = 30;
export const TOP_BROWSERS = 10;
/**
 * Distinct browser names one day keeps; later names that day count as Other. Names are
 * partly user-agent text, so without a cap a script could grow one row without bound.
 */
export const MAX_BROWSERS_PER_DAY = 50;

export interface AdDayTally {
  clicks: number;
  devices: Record<Device, number>;
  browsers: Record<string, number>;
  /** Visitors whose latest click so far fell on this day. */
  visitorsLastSeen: number;
}

export const emptyAdDay = (): AdDayTally => ({
  clicks: 0,
  devices: { desktop: 0, mobile: 0, tablet: 0 },
  browsers: {},
  visitorsLastSeen: 0,
});

/**
 * One click on this day. `lastSeenHere`: the click makes this day the visitor's latest (a new
 * visitor, or one last seen on an earlier day), so the day gains them.
 */
export function tallyClick(
  day: AdDayTally,
  click: { device: Device; browser: string },
  lastSeenHere: boolean,
): AdDayTally {
  const known = Object.hasOwn(day.browsers, click.browser);
  const browser = known || Object.keys(day.browsers).length < MAX_BROWSERS_PER_DAY ? click.browser : OTHER_BROWSER;
  return {
    clicks: day.clicks + 1,
    devices: { ...day.devices, [click.device]: day.devices[click.device] + 1 },
    browsers: { ...day.browsers, [browser]: (day.browsers[browser] ?? 0) + 1 },
    visitorsLastSeen: day.visitorsLastSeen + (lastSeenHere ? 1 : 0),
  };
}

/** The visitor clicked again on a later day: this day is no longer their latest. */
export function visitorMovedOn(day: AdDayTally): AdDayTally {
  return { ...day, visitorsLastSeen: Math.max(0, day.visitorsLastSeen - 1) };
}

export interface AdAnalytics {
  totalClicks: number;
  uniqueVisitors: number;
  daily: Array<{ date: string; clicks: number }>;
  devices: Array<{ device: Device; count: number }>;
  browsers: Array<{ browser: string; count: number }>;
}

/**
 * The ad analytics object over `window` (its days, oldest first): days without clicks count zero;
 * devices are all three by count (ties in the order desktop, mobile, tablet); browsers the top ten by count
 * (ties by name, so the answer does not depend on storage order).
 */
export function adAnalyticsOf(days: Array<AdDayTally & { day: string }>, window: string[]): AdAnalytics {
  const inWindow = new Set(window);
  const byDay = new Map(days.filter((d) => inWindow.has(d.day)).map((d) => [d.day, d]));
  const devices = { desktop: 0, mobile: 0, tablet: 0 };
  const browsers = new Map<string, number>();
  let uniqueVisitors = 0;
  for (const d of byDay.values()) {
    for (const device of DEVICES) devices[device] += d.devices[device] ?? 0;
    for (const [name, n] of Object.entries(d.browsers)) browsers.set(name, (browsers.get(name) ?? 0) + n);
    uniqueVisitors += d.visitorsLastSeen;
  }
  const daily = window.map((date) => ({ date, clicks: byDay.get(date)?.clicks ?? 0 }));
  return {
    totalClicks: daily.reduce((n, d) => n + d.clicks, 0),
    uniqueVisitors,
    daily,
    devices: DEVICES.map((device) => ({ device, count: devices[device] })).sort((a, b) => b.count - a.count),
    browsers: [...browsers]
      .map(([browser, count]) => ({ browser, count }))
      .sort((a, b) => b.count - a.count || (a.browser < b.browser ? -1 : a.browser > b.browser ? 1 : 0))
      .slice(0, TOP_BROWSERS),
  };
}
