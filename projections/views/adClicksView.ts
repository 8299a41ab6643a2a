/**
 * Ad clicks as two views, so reading a workspace's 30-day analytics touches at most 30 rows
 * however many clicks there were (domain/workspace/adAnalytics.ts explains the visitor count):
 *
 * - `ad_click_days`: one row per workspace and UTC day: clicks, devices, browsers, and the
 *   visitors whose latest click fell on that day. Read by GET /ad-analytics.
 * - `ad_visitors`: each visitor's latest click day, looked up by id only here, to move the
 *   visitor to the day of a new click. Never read by a request.
 */
import { dayOf } from '../../domain/conversation/utcDays.js';
import { emptyAdDay, tallyClick, visitorMovedOn, type AdDayTally } from '../../domain/workspace/adAnalytics.js';
import { collection, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import { defineProjection } from '../projection.js';

export const AD_CLICK_DAYS = collection<AdClickDayDoc>('ad_click_days');
export const AD_VISITORS = collection<AdVisitorDoc>('ad_visitors');

export type AdClickDayDoc = AdDayTally & { id: string; workspaceId: string; day: string; [key: string]: unknown };

export interface AdVisitorDoc {
  id: string;
  workspaceId: string;
  visitorId: string;
  /** YYYY-MM-DD (UTC) of the visitor's latest click. */
  lastClickDay: string;
  [key: string]: unknown;
}

export const adClickDayId = (workspaceId: string, day: string): string => `${workspaceId}:${day}`;
export const adVisitorId = (workspaceId: string, visitorId: string): string => `${workspaceId}:${visitorId}`;

/** Read, change and write back one day row (the runner's transaction holds the checkpoint lock, so no other writer interleaves). */
async function updateDay(
  tx: ReadStoreWriter,
  workspaceId: string,
  day: string,
  change: (d: AdDayTally) => AdDayTally,
): Promise<void> {
  const id = adClickDayId(workspaceId, day);
  const doc = await tx.get(AD_CLICK_DAYS, id);
  const { clicks, devices, browsers, visitorsLastSeen } = change(doc ?? emptyAdDay());
  await tx.upsert(AD_CLICK_DAYS, { id, workspaceId, day, clicks, devices, browsers, visitorsLastSeen });
}

export const adClicksView = defineProjection(
  'ad-clicks',
  [
    { name: AD_CLICK_DAYS.name, indexes: [['workspaceId', 'day']] },
    // Found by id only: no index beyond the primary key, so each click writes one index less.
    { name: AD_VISITORS.name, indexes: [] },
  ],
  {
    async AdClicked(e, tx) {
      const click = e.data;
      const day = dayOf(click.at);
      const visitorKey = adVisitorId(click.workspaceId, click.visitorId);
      const previous = (await tx.get(AD_VISITORS, visitorKey))?.lastClickDay ?? null;
      // Clicks from several instances can reach the log slightly out of clock order: a click
      // stamped before the visitor's latest day counts on its own day but moves nobody.
      const lastSeenHere = previous === null || day > previous;
      if (lastSeenHere) {
        await tx.upsert(AD_VISITORS, {
          id: visitorKey,
          workspaceId: click.workspaceId,
          visitorId: click.visitorId,
          lastClickDay: day,
        } satisfies AdVisitorDoc);
        if (previous !== null) await updateDay(tx, click.workspaceId, previous, visitorMovedOn);
      }
      await updateDay(tx, click.workspaceId, day, (d) => tallyClick(d, click, lastSeenHere));
    },
  },
);
