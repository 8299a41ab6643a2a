/**
 * Ad clicks on the login background media (docs/branding.md, ad analytics). A click
 * is an `AdClicked` event on a stream of its own (`adclick-<id>`): clicks never conflict, so
 * they need no aggregate to decide on, only these rules for what a click records.
 */
import { UAParser } from 'ua-parser-js';
import { Bots } from 'ua-parser-js/extensions';
import { isBot } from 'ua-parser-js/bot-detection';
import type { DomainEvent } from '../event.js';

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export type Device = (typeof DEVICES)[number];

/** The browser a user agent names nothing we recognise under (curl, an empty header). */
export const OTHER_BROWSER = 'Other';

export type AdClickedData = {
  workspaceId: string;
  mediaId: string;
  visitorId: string;
  device: Device;
  browser: string;
  /** ISO instant of the click; its UTC day is the day it is counted on. */
  at: string;
};

export const AD_CLICKED = 'AdClicked';
export type AdClicked = DomainEvent<typeof AD_CLICKED, AdClickedData>;
export const adClickStream = (clickId: string): string => `adclick-${clickId}`;

export interface ClientClass {
  device: Device;
  browser: string;
  /** Crawlers, link previewers, HTTP libraries, no User-Agent at all: followed, never counted. */
  bot: boolean;
}

/**
 * Browser names come partly from the user agent's own text (ua-parser-js captures some names
 * as written, in any letter case), so a name is capped in length to keep one header from
 * growing the stored counters.
 */
const MAX_BROWSER_NAME = 40;

/**
 * The product counts three devices (desktop, mobile, tablet). ua-parser-js names more (smarttv, console, wearable, xr,
 * embedded) or none (most desktops): all of those are screens that are not phones or
 * tablets, so they count as desktop rather than vanishing from the totals.
 */
export function classifyUserAgent(userAgent: string): ClientClass {
  const result = new UAParser(userAgent, Bots).getResult();
  const type = result.device.type;
  const device: Device = type === 'mobile' || type === 'tablet' ? type : 'desktop';
  // Every browser sends a User-Agent; a request without one is a script.
  return { device, browser: browserLabel(result.browser.name), bot: userAgent.trim() === '' || isBot(result) };
}

/** The name a browser is counted under: as ua-parser-js names it, or Other when unnamed or overlong. */
export function browserLabel(name: string | undefined): string {
  const trimmed = name?.trim();
  return trimmed && trimmed.length <= MAX_BROWSER_NAME ? trimmed : OTHER_BROWSER;
}

const VISITOR_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The `vid` a login page passes, when it is one we can store as is; anything else (absent,
 * repeated, too long, other characters) is ignored and the visitor is identified by address
 * and user agent instead, so a malformed link still takes the visitor to the ad.
 */
export function parseVisitorId(raw: unknown): string | null {
  return typeof raw === 'string' && VISITOR_ID.test(raw) ? raw : null;
}

/**
 * Where a click may send the visitor: the stored link, re-checked as an absolute http(s) URL
 * and serialised by the URL parser (no control characters can reach the Location header).
 * Links are checked when saved; this keeps a bad stored value from becoming a redirect.
 */
export function redirectTarget(stored: unknown): string | null {
  if (typeof stored !== 'string' || stored === '') return null;
  try {
    const url = new URL(stored);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}
