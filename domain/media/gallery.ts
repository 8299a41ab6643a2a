/**
 * The login media gallery of a workspace (docs/branding.md),
 * decided on the workspace's own stream `workspace-<id>` beside the plan and the branding: the
 * store folds only the events this evolve knows, and the expected revision covers the whole
 * stream, so two uploads racing for the tenth slot cannot both win.
 *
 * Rules: at most 10 items; the first item becomes active; whenever there is an item, exactly
 * one is active; activating one deactivates the other (the event names both); removing the
 * active one activates the next in display order (after it, or the first when it was last).
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { MediaType } from './mediaFormats.js';
import { MAX_GALLERY_ITEMS, type LoginMediaFields } from './loginMediaRules.js';

// Type aliases, not interfaces: event data must be assignable to Record<string, unknown>.
export type StoredMedia = {
  storageKey: string;
  contentType: string;
  mediaType: MediaType;
  size: number;
};

export type GalleryItem = StoredMedia & LoginMediaFields & { mediaId: string };

export type GalleryEvent =
  | DomainEvent<'WorkspaceCreated', { workspaceId: string }>
  | DomainEvent<'LoginMediaAdded', { workspaceId: string } & GalleryItem>
  /** `previous`: the item this deactivated (null when none was active). */
  | DomainEvent<'LoginMediaActivated', { workspaceId: string; mediaId: string; previous: string | null }>
  | DomainEvent<'LoginMediaUpdated', { workspaceId: string; mediaId: string; changes: Partial<LoginMediaFields> }>
  | DomainEvent<'LoginMediaReordered', { workspaceId: string; ids: string[] }>
  | DomainEvent<'LoginMediaRemoved', { workspaceId: string; mediaId: string; storageKey: string }>;

export interface GalleryState {
  workspaceId: string | null;
  /** In display order. */
  items: GalleryItem[];
  activeId: string | null;
}

export const initialGalleryState: GalleryState = { workspaceId: null, items: [], activeId: null };

export type GalleryCommand =
  | ({ type: 'AddLoginMedia'; mediaId: string } & StoredMedia & LoginMediaFields)
  | { type: 'UpdateLoginMedia'; mediaId: string; changes: Partial<LoginMediaFields>; activate: boolean }
  | { type: 'ReorderLoginMedia'; ids: string[] }
  | { type: 'RemoveLoginMedia'; mediaId: string };

/** Checked again before the bytes of an upload are read, so a full gallery costs no transfer. */
export function assertRoomForMore(state: GalleryState): void {
  if (!state.workspaceId) throw new NotFoundError('Workspace not found');
  if (state.items.length >= MAX_GALLERY_ITEMS) {
    throw new ConflictError(
      `The login gallery holds at most ${MAX_GALLERY_ITEMS} items. Delete one before uploading another.`,
      'GALLERY_FULL',
    );
  }
}

function itemOf(state: GalleryState, mediaId: string): GalleryItem {
  const item = state.items.find((i) => i.mediaId === mediaId);
  if (!item) throw new NotFoundError('Media item not found');
  return item;
}

/** Only what really changes, so a PATCH that repeats the current values records nothing. */
function realChanges(item: GalleryItem, changes: Partial<LoginMediaFields>): Partial<LoginMediaFields> {
  const entries = Object.entries(changes).filter(([k, v]) => item[k as keyof LoginMediaFields] !== v);
  return Object.fromEntries(entries) as Partial<LoginMediaFields>;
}

function checkOrder(state: GalleryState, ids: string[]): void {
  const known = new Set(state.items.map((i) => i.mediaId));
  const given = new Set(ids);
  const complete = ids.length === known.size && given.size === ids.length && ids.every((id) => known.has(id));
  if (!complete)
    throw new ValidationError(`ids must list every item of the gallery exactly once (${known.size} items)`, 'ids');
}

export function decideGallery(command: GalleryCommand, state: GalleryState): GalleryEvent[] {
  const workspaceId = state.workspaceId;
  if (!workspaceId) throw new NotFoundError('Workspace not found');
  switch (command.type) {
    case 'AddLoginMedia': {
      assertRoomForMore(state);
      const { type: _t, ...item } = command;
      const added: GalleryEvent = { type: 'LoginMediaAdded', data: { workspaceId, ...item } };
      return state.activeId
        ? [added]
        : [added, { type: 'LoginMediaActivated', data: { workspaceId, mediaId: item.mediaId, previous: null } }];
    }
    case 'UpdateLoginMedia': {
      const item = itemOf(state, command.mediaId);
      const changes = realChanges(item, command.changes);
      const events: GalleryEvent[] = Object.keys(changes).length
        ? [{ type: 'LoginMediaUpdated', data: { workspaceId, mediaId: item.mediaId, changes } }]
        : [];
      if (command.activate && state.activeId !== item.mediaId) {
        events.push({
          type: 'LoginMediaActivated',
          data: { workspaceId, mediaId: item.mediaId, previous: state.activeId },
        });
      }
      return events;
    }
    case 'ReorderLoginMedia': {
      checkOrder(state, command.ids);
      const same = command.ids.every((id, i) => state.items[i].mediaId === id);
      return same ? [] : [{ type: 'LoginMediaReordered', data: { workspaceId, ids: command.ids } }];
    }
    case 'RemoveLoginMedia': {
      const item = itemOf(state, command.mediaId);
      const removed: GalleryEvent = {
        type: 'LoginMediaRemoved',
        data: { workspaceId, mediaId: item.mediaId, storageKey: item.storageKey },
      };
      if (state.activeId !== item.mediaId) return [removed];
      const index = state.items.indexOf(item);
      const rest = state.items.filter((i) => i !== item);
      const next = rest[index] ?? rest[0];
      return next
        ? [
            removed,
            { type: 'LoginMediaActivated', data: { workspaceId, mediaId: next.mediaId, previous: item.mediaId } },
          ]
        : [removed];
    }
  }
}

export function evolveGallery(state: GalleryState, event: GalleryEvent): GalleryState {
  switch (event.type) {
    case 'WorkspaceCreated':
      return { ...state, workspaceId: event.data.workspaceId };
    case 'LoginMediaAdded': {
      const { workspaceId: _w, ...item } = event.data;
      return { ...state, items: [...state.items, item] };
    }
    case 'LoginMediaActivated':
      return { ...state, activeId: event.data.mediaId };
    case 'LoginMediaUpdated':
      return {
        ...state,
        items: state.items.map((i) => (i.mediaId === event.data.mediaId ? { ...i, ...event.data.changes } : i)),
      };
    case 'LoginMediaReordered': {
      const byId = new Map(state.items.map((i) => [i.mediaId, i]));
      return { ...state, items: event.data.ids.map((id) => byId.get(id)!).filter(Boolean) };
    }
    case 'LoginMediaRemoved': {
      const items = state.items.filter((i) => i.mediaId !== event.data.mediaId);
      return { ...state, items, activeId: state.activeId === event.data.mediaId ? null : state.activeId };
    }
    default:
      return state;
  }
}

export const galleryDecider: Decider<GalleryCommand, GalleryState, GalleryEvent> = {
  decide: decideGallery,
  evolve: evolveGallery,
  initialState: initialGalleryState,
};
