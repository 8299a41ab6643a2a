/**
 * The login media gallery's commands. The bytes and the events live in two stores that share
 * no transaction, so each command orders its steps to leave nothing behind: an upload writes
 * the bytes first under a fresh key and appends after (a refused append deletes them again);
 * a removal appends first and deletes the bytes after (a crash in between leaves an orphan
 * file, never an item without its file).
 */
import type { Readable } from 'node:stream';
import { ValidationError } from '../domain/errors.js';
import { assertRoomForMore, galleryDecider, type GalleryItem, type GalleryState } from '../domain/media/gallery.js';
import { newItemFields, parseUploadFields, validateItemChanges } from '../domain/media/loginMediaRules.js';
import { tooLarge, type MediaLimits } from '../domain/media/mediaFormats.js';
import { MediaTooLargeError, type MediaStore } from '../infrastructure/media/mediaStore.js';
import type { Logger } from '../infrastructure/logger.js';
import type { AggregateStore } from './aggregateStore.js';
import type { CommandContext } from './commandContext.js';
import { inspectUpload } from './mediaIntake.js';
import { newId } from './ids.js';
import { workspaceStream } from '../domain/workspace/workspace.js';

type Ctx = CommandContext & { workspaceId: string };

export interface UploadInput {
  file: Readable;
  /** The form fields sent before the file: checked before a byte is stored. */
  fieldsBeforeFile: Record<string, string>;
  /** Every form field, once the whole request is read. */
  allFields(): Promise<Record<string, string>>;
}

/** An item as the gallery holds it, with its place and whether it is the active one. */
export type PlacedItem = GalleryItem & { active: boolean; position: number };

export function placedItem(state: GalleryState, mediaId: string): PlacedItem {
  const position = state.items.findIndex((i) => i.mediaId === mediaId);
  return { ...state.items[position], active: state.activeId === mediaId, position };
}

export function placedItems(state: GalleryState): PlacedItem[] {
  return state.items.map((i) => placedItem(state, i.mediaId));
}

export interface MediaCommandsDeps {
  aggregates: AggregateStore;
  store: MediaStore;
  limits: MediaLimits;
  logger: Pick<Logger, 'warn'>;
}

export class MediaCommands {
  constructor(private readonly deps: MediaCommandsDeps) {}

  /** The most any upload may hold (the video limit): where the request reader gives up. */
  get maxUploadBytes(): number {
    return Math.max(this.deps.limits.imageBytes, this.deps.limits.videoBytes);
  }

  private stream(workspaceId: string): string {
    return workspaceStream(workspaceId);
  }

  async upload(input: UploadInput, ctx: Ctx): Promise<PlacedItem> {
    parseUploadFields(input.fieldsBeforeFile);
    // A full gallery (or an unknown workspace) is refused before the file is read.
    assertRoomForMore((await this.deps.aggregates.load(this.stream(ctx.workspaceId), galleryDecider)).state);
    const mediaId = newId();
    const storageKey = `${ctx.workspaceId}/${mediaId}`;
    const { format, body, maxBytes } = await inspectUpload(input.file, this.deps.limits, {
      workspaceId: ctx.workspaceId,
    });
    const { size } = await this.deps.store.put(storageKey, body, { maxBytes }).catch((err: unknown) => {
      throw err instanceof MediaTooLargeError ? tooLarge(format.mediaType, this.deps.limits) : err;
    });
    try {
      const fields = newItemFields(parseUploadFields(await input.allFields()));
      const { state } = await this.deps.aggregates.handle(
        this.stream(ctx.workspaceId),
        galleryDecider,
        {
          type: 'AddLoginMedia',
          mediaId,
          storageKey,
          contentType: format.contentType,
          mediaType: format.mediaType,
          size,
          ...fields,
        },
        ctx,
      );
      return placedItem(state, mediaId);
    } catch (err) {
      await this.forget(storageKey);
      throw err;
    }
  }

  /** A PATCH: any of adUrl, adLabel, slideDuration, and `active: true`. */
  async update(mediaId: string, body: Record<string, unknown>, ctx: Ctx): Promise<PlacedItem> {
    const { active, ...fields } = body;
    if (active !== undefined && active !== true) {
      throw new ValidationError(
        'active can only be set to true: activate another item to deactivate this one',
        'active',
      );
    }
    const changes = validateItemChanges(fields);
    const { state } = await this.deps.aggregates.handle(
      this.stream(ctx.workspaceId),
      galleryDecider,
      { type: 'UpdateLoginMedia', mediaId, changes, activate: active === true },
      ctx,
    );
    return placedItem(state, mediaId);
  }

  async activate(mediaId: string, ctx: Ctx): Promise<PlacedItem> {
    return this.update(mediaId, { active: true }, ctx);
  }

  async reorder(ids: string[], ctx: Ctx): Promise<PlacedItem[]> {
    const { state } = await this.deps.aggregates.handle(
      this.stream(ctx.workspaceId),
      galleryDecider,
      { type: 'ReorderLoginMedia', ids },
      ctx,
    );
    return placedItems(state);
  }

  async remove(mediaId: string, ctx: Ctx): Promise<void> {
    const { before } = await this.deps.aggregates.handle(
      this.stream(ctx.workspaceId),
      galleryDecider,
      { type: 'RemoveLoginMedia', mediaId },
      ctx,
    );
    const item = before.items.find((i) => i.mediaId === mediaId);
    if (item) await this.forget(item.storageKey);
  }

  /** Deleting bytes nobody refers to may fail without failing the request: an orphan costs only disk. */
  private async forget(storageKey: string): Promise<void> {
    await this.deps.store.delete(storageKey).catch((err: unknown) => {
      this.deps.logger.warn('could not delete media bytes', { storageKey, error: (err as Error).message });
    });
  }
}
