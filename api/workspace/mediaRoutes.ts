/**
 * The login media gallery (docs/branding.md) for an admin key: upload (multipart, streamed),
 * list in display order, change an item's ad link, label, duration or make it the active
 * background, reorder, delete. Another workspace's item id is answered as unknown (404).
 */
import type { Router } from 'express';
import type { PlacedItem } from '../../commands/mediaCommands.js';
import { MEDIA_ITEMS, mediaUrlPath, type MediaItemDoc } from '../../projections/views/mediaItemsView.js';
import { addRoute } from '../http/route.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { principalOf, contextOf } from '../principal/principal.js';
import type { WorkspaceApiDeps } from './workspaceApiDeps.js';
import { ADMIN_RATE_LIMITED, requireWorkspaceAdmin } from './workspaceAuth.js';
import { receiveFile } from './multipartUpload.js';
import {
  mediaIdParams,
  mediaItemSchema,
  mediaListSchema,
  messageSchema,
  orderBody,
  patchMediaBody,
  uploadForm,
} from './mediaSchemas.js';

type Presentable = Pick<
  MediaItemDoc,
  'id' | 'mediaType' | 'contentType' | 'size' | 'active' | 'adUrl' | 'adLabel' | 'slideDuration' | 'position'
>;

/** The item as the API shows it: named fields only (never the storage key). */
export function presentMediaItem(item: Presentable, publicUrl: string) {
  const { id, mediaType, contentType, size, active, adUrl, adLabel, slideDuration, position } = item;
  return {
    id,
    mediaUrl: publicUrl + mediaUrlPath(id),
    mediaType,
    contentType,
    size,
    active,
    adUrl,
    adLabel,
    slideDuration,
    position,
  };
}

export function mediaRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  deps: Pick<WorkspaceApiDeps, 'views' | 'rateLimiters' | 'rateLimitPerMinute' | 'publicUrl' | 'media' | 'session'>,
): void {
  const { views, media, publicUrl } = deps;
  const tags = ['Login media'];
  const admin = requireWorkspaceAdmin(deps);
  // Answers of writes come from the command's state: the views may lag a write, the command never does.
  const placed = (item: PlacedItem) => presentMediaItem({ ...item, id: item.mediaId }, publicUrl);
  const itemAnswer = { 200: { description: 'The item', schema: mediaItemSchema } };
  const unknownItem = { 404: { description: 'No such item in this workspace' } };
  const badField = { 400: { description: 'A field is invalid (named in the message); nothing is changed' } };

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/media',
      summary: 'The login media gallery in display order (admin key)',
      tags,
      security: 'apiKey',
      responses: {
        200: { description: 'Every item, in display order', schema: mediaListSchema },
        ...ADMIN_RATE_LIMITED,
      },
    },
    async ({ res }) => {
      const docs = await views.find(
        MEDIA_ITEMS,
        { workspaceId: principalOf(res).workspaceId },
        { sort: [['position', 1]] },
      );
      return { body: { items: docs.map((d) => presentMediaItem(d, publicUrl)) } };
    },
    ...admin,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/media',
      tags,
      security: 'apiKey',
      bodyContentType: 'multipart/form-data',
      body: uploadForm,
      summary:
        'Upload a login background (admin key): PNG, JPEG, SVG up to 10 MB or MP4, WebM, OGG, MOV up to 100 MB, judged by the bytes; SVG is stored cleaned of scripts and external links; the first item becomes active; at most 10 items',
      responses: {
        201: { description: 'The new item', schema: mediaItemSchema },
        ...badField,
        409: { description: 'The gallery already holds 10 items (GALLERY_FULL)' },
        413: { description: 'The file is larger than the limit for its kind' },
        415: {
          description:
            'Not multipart/form-data, or the bytes are not an accepted format (the message names what they are)',
        },
        ...ADMIN_RATE_LIMITED,
      },
    },
    async ({ req, res }) => {
      const item = await receiveFile(req, media.maxUploadBytes, (part) => media.upload(part, contextOf(res)));
      return { status: 201, body: placed(item) };
    },
    ...admin,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'put',
      path: '/media/order',
      summary: "Set the display order: every item's id exactly once (admin key)",
      tags,
      security: 'apiKey',
      body: orderBody,
      responses: {
        200: { description: 'Every item, in the new order', schema: mediaListSchema },
        400: { description: 'ids does not list every item exactly once' },
        ...ADMIN_RATE_LIMITED,
      },
    },
    async ({ body, res }) => ({ body: { items: (await media.reorder(body.ids, contextOf(res))).map(placed) } }),
    ...admin,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'patch',
      path: '/media/:id',
      summary:
        'Change any of adUrl, adLabel, slideDuration, or make it the active background with active: true (admin key)',
      tags,
      security: 'apiKey',
      params: mediaIdParams,
      body: patchMediaBody,
      responses: { ...itemAnswer, ...badField, ...unknownItem, ...ADMIN_RATE_LIMITED },
    },
    async ({ params, body, res }) => ({ body: placed(await media.update(params.id, body, contextOf(res))) }),
    ...admin,
  );

  addRoute(
    router,
    registry,
    mount,
    {
      method: 'delete',
      path: '/media/:id',
      summary: 'Delete an item and its file; deleting the active one activates the next in display order (admin key)',
      tags,
      security: 'apiKey',
      params: mediaIdParams,
      responses: { 200: { description: 'Deleted', schema: messageSchema }, ...unknownItem, ...ADMIN_RATE_LIMITED },
    },
    async ({ params, res }) => {
      await media.remove(params.id, contextOf(res));
      return { body: { message: 'Media item deleted' } };
    },
    ...admin,
  );
}
