/** JSON schemas of the ad click and ad analytics endpoints (validation and OpenAPI). */
import { DEVICES } from '../../domain/workspace/adClicks.js';

const count = { type: 'integer', minimum: 0 } as const;

/** A path value that fails these names nothing that exists: 404 (api/http/route.ts). */
export const adClickParams = {
  type: 'object',
  required: ['slug', 'mediaId'],
  properties: { slug: { type: 'string', maxLength: 100 }, mediaId: { type: 'string', maxLength: 100 } },
} as const;

/**
 * `vid` carries no type on purpose: a malformed one (repeated, too long, other characters) is
 * ignored rather than refused, so a broken link still takes the visitor to the ad.
 */
export const adClickQuery = {
  type: 'object',
  properties: {
    vid: {
      description:
        'Visitor id chosen by the login page: 1–100 of A–Z a–z 0–9 _ -. Otherwise ignored, and the visitor is a pseudonym keyed from address and user agent',
    },
  },
} as const;

export const adAnalyticsSchema = {
  type: 'object',
  required: ['totalClicks', 'uniqueVisitors', 'daily', 'devices', 'browsers'],
  properties: {
    totalClicks: { ...count, description: 'Clicks in the last 30 days' },
    uniqueVisitors: { ...count, description: 'Distinct visitor ids that clicked in the last 30 days' },
    daily: {
      type: 'array',
      description: 'Each of the last 30 UTC days, oldest first, days without clicks included with 0',
      items: {
        type: 'object',
        required: ['date', 'clicks'],
        properties: { date: { type: 'string', format: 'date' }, clicks: count },
      },
    },
    devices: {
      type: 'array',
      description: 'All three devices, most clicks first',
      items: {
        type: 'object',
        required: ['device', 'count'],
        properties: { device: { type: 'string', enum: [...DEVICES] }, count },
      },
    },
    browsers: {
      type: 'array',
      description: 'The 10 browsers with most clicks, most first (Other: not recognised)',
      items: { type: 'object', required: ['browser', 'count'], properties: { browser: { type: 'string' }, count } },
    },
  },
} as const;
