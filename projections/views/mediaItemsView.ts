/**
 * `media_items`: the login media gallery, one document per item with its display position and
 * whether it is the active background. The gallery API lists it, the public media route finds
 * the bytes' key here, and the ad-click redirect and the public branding read `workspaceId`,
 * `adUrl` and `active` (keep those names).
 */
import { collection, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import type { MediaType } from '../../domain/media/mediaFormats.js';
import { defineProjection, stampedAt } from '../projection.js';

export const MEDIA_ITEMS = collection<MediaItemDoc>('media_items');

/** Where the public media route is mounted; an item's mediaUrl is the public URL plus this path. */
export const PUBLIC_MEDIA_PATH = '/api/v1/workspace/public/media';

export interface MediaItemDoc {
  id: string;
  workspaceId: string;
  storageKey: string;
  mediaUrlPath: string;
  mediaType: MediaType;
  contentType: string;
  size: number;
  active: boolean;
  adUrl: string | null;
  adLabel: string | null;
  slideDuration: number;
  /** 0-based place in the display order. */
  position: number;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export function mediaUrlPath(mediaId: string): string {
  return `${PUBLIC_MEDIA_PATH}/${mediaId}`;
}

/** Positions follow the order of `ids`; only the documents whose place changed are written. */
async function placeInOrder(tx: ReadStoreWriter, docs: MediaItemDoc[], ids: string[], at: string): Promise<void> {
  for (const doc of docs) {
    const position = ids.indexOf(doc.id);
    if (position !== -1 && doc.position !== position) await tx.patch(MEDIA_ITEMS, doc.id, { position, updatedAt: at });
  }
}

const ofWorkspace = (tx: ReadStoreWriter, workspaceId: string) =>
  tx.find(MEDIA_ITEMS, { workspaceId }, { sort: [['position', 1]] });

export const mediaItemsView = defineProjection(
  'mediaItems',
  [
    {
      name: MEDIA_ITEMS.name,
      indexes: [
        ['workspaceId', 'position'],
        ['workspaceId', 'active'],
      ],
    },
  ],
  {
    async LoginMediaAdded(e, tx) {
      const { workspaceId, mediaId, ...item } = e.data;
      const position = await tx.count(MEDIA_ITEMS, { workspaceId });
      await tx.upsert(MEDIA_ITEMS, {
        id: mediaId,
        workspaceId,
        ...item,
        mediaUrlPath: mediaUrlPath(mediaId),
        active: false,
        position,
        ...stampedAt(e),
      });
    },
    async LoginMediaActivated(e, tx) {
      const { workspaceId, mediaId } = e.data;
      const at = e.metadata.occurredAt;
      for (const doc of await tx.find(MEDIA_ITEMS, { workspaceId, active: true })) {
        if (doc.id !== mediaId) await tx.patch(MEDIA_ITEMS, doc.id, { active: false, updatedAt: at });
      }
      await tx.patch(MEDIA_ITEMS, mediaId, { active: true, updatedAt: at });
    },
    async LoginMediaUpdated(e, tx) {
      const { mediaId, changes } = e.data;
      await tx.patch(MEDIA_ITEMS, mediaId, { ...changes, updatedAt: e.metadata.occurredAt });
    },
    async LoginMediaReordered(e, tx) {
      const { workspaceId, ids } = e.data;
      await placeInOrder(tx, await ofWorkspace(tx, workspaceId), ids, e.metadata.occurredAt);
    },
    async LoginMediaRemoved(e, tx) {
      const { workspaceId, mediaId } = e.data;
      await tx.delete(MEDIA_ITEMS, mediaId);
      const rest = await ofWorkspace(tx, workspaceId);
      await placeInOrder(
        tx,
        rest,
        rest.map((d) => d.id),
        e.metadata.occurredAt,
      );
    },
  },
);
