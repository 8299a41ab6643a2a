/**
 * How many events the log holds up to and including `position` (what a rebuild reports): the
 * store counts them where it can, otherwise they are read page by page and counted.
 */
import type { EventStore, Position } from '../infrastructure/eventStore/eventStore.js';
import { comparePositions } from '../infrastructure/eventStore/eventStore.js';

const PAGE = 500;

export async function countEventsUpTo(
  events: Pick<EventStore, 'readAll' | 'countUpTo'>,
  position: Position | null,
): Promise<number> {
  if (position && events.countUpTo) return events.countUpTo(position);
  let count = 0;
  let after: Position | null = null;
  while (position) {
    const page = await events.readAll({ after, limit: PAGE });
    for (const event of page) {
      if (comparePositions(event.position, position) > 0) return count;
      count++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
  }
  return count;
}
