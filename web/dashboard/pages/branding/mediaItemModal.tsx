/** Edit one background item: its ad link, the link's label, and how long an image stays up. */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Button, fieldError, formError, Modal, TextField } from '../../ui/index.js';
import { MAX_AD_LABEL, MAX_AD_URL, MAX_SLIDE_SECONDS, MIN_SLIDE_SECONDS } from '../../../../domain/media/loginMediaRules.js';
import { brandingApi, type MediaItem } from './brandingApi.js';

const FIELDS = ['adUrl', 'adLabel', 'slideDuration'];

export function MediaItemModal({ item, onClose, onSaved }: { item: MediaItem; onClose: () => void; onSaved: (item: MediaItem) => void }) {
  const [adUrl, setAdUrl] = useState(item.adUrl ?? '');
  const [adLabel, setAdLabel] = useState(item.adLabel ?? '');
  const [duration, setDuration] = useState(String(item.slideDuration));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const save = async (e?: Event) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const n = Number(duration);
      onSaved(await brandingApi.updateMedia(item.id, {
        adUrl: adUrl.trim() === '' ? null : adUrl.trim(),
        adLabel: adLabel.trim() === '' ? null : adLabel.trim(),
        // Not a number: sent as null, and the server names the field.
        ...(item.mediaType === 'image' ? { slideDuration: n } : {}),
      }));
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  };
  const general = formError(error, FIELDS);

  return (
    <Modal
      open
      title="Edit background item"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" busy={busy} onClick={() => void save()}>Save</Button>
        </>
      }
    >
      <form class="stack" onSubmit={save} noValidate>
        {general && <div class="callout callout-danger form-alert" role="alert">{general}</div>}
        <TextField label="Ad link" aside="optional" type="url" value={adUrl} onInput={setAdUrl} maxLength={MAX_AD_URL} placeholder="https://example.com/offer" hint="Visitors who click it are counted in Ad analytics, then sent here." error={fieldError(error, 'adUrl')} />
        <TextField label="Ad label" aside="optional" value={adLabel} onInput={setAdLabel} maxLength={MAX_AD_LABEL} placeholder="Learn more" error={fieldError(error, 'adLabel')} />
        {item.mediaType === 'image' && (
          <TextField label="Slide duration (seconds)" type="number" value={duration} onInput={setDuration} hint={`${MIN_SLIDE_SECONDS} to ${MAX_SLIDE_SECONDS} seconds.`} error={fieldError(error, 'slideDuration')} inputProps={{ min: MIN_SLIDE_SECONDS, max: MAX_SLIDE_SECONDS, step: 1 }} />
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
