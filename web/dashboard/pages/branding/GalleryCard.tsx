/**
 * The login background gallery (docs/branding.md): upload by picking or dropping files, reorder by
 * dragging (or the up/down buttons, for keyboards), make one item the active background, set its
 * ad link, label and slide duration, delete. Every change answers the new list from the server.
 */
import { useRef, useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Badge, Button, Card, ConfirmDialog, EmptyState, Icon, formatBytes, useToast } from '../../ui/index.js';
import { MAX_GALLERY_ITEMS } from '../../../../domain/media/loginMediaRules.js';
import { brandingApi, type MediaItem } from './brandingApi.js';
import { MediaItemModal } from './MediaItemModal.js';
import { mediaPath } from './mediaPath.js';

const ACCEPT = 'image/png,image/jpeg,image/svg+xml,video/mp4,video/webm,video/ogg,video/quicktime';

function Thumb({ item }: { item: MediaItem }) {
  return item.mediaType === 'video' ? (
    <video class="gallery-thumb" src={mediaPath(item.mediaUrl)} muted preload="metadata" aria-hidden="true" />
  ) : (
    <img class="gallery-thumb" src={mediaPath(item.mediaUrl)} alt="" loading="lazy" />
  );
}

export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function GalleryCard({ items, onItems }: { items: MediaItem[]; onItems: (items: MediaItem[]) => void }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const full = items.length >= MAX_GALLERY_ITEMS;

  const reload = async () => onItems((await brandingApi.media()).items);
  const failed = (err: unknown) => toast((err as ApiError).message, 'error');

  async function upload(files: FileList | File[]) {
    const list = Array.from(files).slice(0, MAX_GALLERY_ITEMS - items.length);
    if (list.length === 0) return toast(`The gallery holds at most ${MAX_GALLERY_ITEMS} items.`, 'error');
    setUploading(list.length);
    for (const file of list) {
      const form = new FormData();
      form.append('file', file);
      try {
        await brandingApi.upload(form);
        toast(`${file.name} uploaded.`);
      } catch (err) {
        toast(`${file.name}: ${(err as ApiError).message}`, 'error');
      }
      setUploading((n) => n - 1);
    }
    await reload().catch(failed);
  }

  async function reorder(next: MediaItem[]) {
    const before = items;
    onItems(next); // the new order at once; the server's answer confirms or puts it back
    try {
      onItems((await brandingApi.reorder(next.map((i) => i.id))).items);
    } catch (err) {
      onItems(before);
      failed(err);
    }
  }

  async function activate(item: MediaItem) {
    setBusy(`activate-${item.id}`);
    try {
      await brandingApi.updateMedia(item.id, { active: true });
      await reload();
      toast('Background updated.');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  }

  async function remove(item: MediaItem) {
    try {
      const r = await brandingApi.removeMedia(item.id);
      setDeleting(null);
      await reload();
      toast(r.message);
    } catch (err) {
      failed(err);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    if (e.dataTransfer?.files.length) void upload(e.dataTransfer.files);
  };

  return (
    <Card
      title="Login background"
      description={`Images (PNG, JPG, SVG up to 10 MB) or videos (MP4, WebM, OGG, MOV up to 100 MB) behind the sign-in card. ${items.length} of ${MAX_GALLERY_ITEMS}.`}
    >
      <div
        class={`dropzone${dropping ? ' dropzone-active' : ''}`}
        onDragOver={(e) => {
          if (!e.dataTransfer?.types.includes('Files')) return;
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
      >
        <Icon name="upload" size={24} />
        <p>
          {uploading ? `Uploading ${uploading} file${uploading > 1 ? 's' : ''}…` : 'Drop images or videos here, or'}
        </p>
        <Button variant="secondary" busy={uploading > 0} disabled={full} onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          aria-label="Upload background media"
          onChange={(e) => {
            const files = (e.currentTarget as HTMLInputElement).files;
            if (files?.length) void upload(files);
            (e.currentTarget as HTMLInputElement).value = '';
          }}
        />
      </div>
      {items.length === 0 ? (
        <div style={{ marginTop: '16px' }}>
          <EmptyState title="No background yet" icon={<Icon name="image" size={28} />}>
            Your sign-in page shows your brand colors until you add an image or a video. The first one you add becomes
            the background.
          </EmptyState>
        </div>
      ) : (
        <ol class="gallery-list" aria-label="Background media, in display order">
          {items.map((item, i) => (
            <li
              key={item.id}
              class={`gallery-item${item.active ? ' gallery-item-active' : ''}${dragged === i ? ' gallery-item-dragging' : ''}${over === i && dragged !== i ? ' gallery-item-over' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragged(i);
                e.dataTransfer?.setData('text/plain', item.id);
              }}
              onDragOver={(e) => {
                if (dragged === null) return;
                e.preventDefault();
                setOver(i);
              }}
              onDrop={(e) => {
                if (dragged === null) return;
                e.preventDefault();
                e.stopPropagation();
                if (dragged !== i) void reorder(moved(items, dragged, i));
                setDragged(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              data-media-id={item.id}
            >
              <span class="drag-handle" aria-hidden="true" title="Drag to reorder">
                ⋮⋮
              </span>
              <Thumb item={item} />
              <div class="gallery-meta">
                <strong>
                  {i + 1}. {item.mediaType === 'video' ? 'Video' : 'Image'} · {formatBytes(item.size)}{' '}
                  {item.active && <Badge tone="success">Active</Badge>}
                </strong>
                <span>{item.adUrl ? `Ad: ${item.adLabel || 'Learn more'} → ${item.adUrl}` : 'No ad link'}</span>
                <span>{item.mediaType === 'video' ? 'Plays to its end' : `${item.slideDuration} s per slide`}</span>
              </div>
              <div class="gallery-actions">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => void reorder(moved(items, i, i - 1))}
                  aria-label={`Move item ${i + 1} up`}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === items.length - 1}
                  onClick={() => void reorder(moved(items, i, i + 1))}
                  aria-label={`Move item ${i + 1} down`}
                >
                  ↓
                </Button>
                {!item.active && (
                  <Button
                    size="sm"
                    busy={busy === `activate-${item.id}`}
                    onClick={() => void activate(item)}
                    aria-label={`Make active: item ${i + 1}`}
                  >
                    Make active
                  </Button>
                )}
                <Button size="sm" onClick={() => setEditing(item)} aria-label={`Edit item ${i + 1}`}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(item)} aria-label={`Delete item ${i + 1}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <MediaItemModal
          item={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onItems(items.map((i) => (i.id === saved.id ? saved : i)));
            toast('Background item saved.');
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this background?"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        {deleting?.active
          ? 'It is the active background: the next item in the list takes its place.'
          : 'The file and its ad link are removed from the gallery.'}
      </ConfirmDialog>
    </Card>
  );
}
