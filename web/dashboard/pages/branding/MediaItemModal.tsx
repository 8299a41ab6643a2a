/** Edit one background item: its ad link, the link's label, and how long an image stays up. */
import { useState } from 'preact/hooks';
import { FormModal, TextField, useFormSubmit, webAddressProblem, wholeNumberProblem } from '../../ui/index.js';
import {
  MAX_AD_LABEL,
  MAX_AD_URL,
  MAX_SLIDE_SECONDS,
  MIN_SLIDE_SECONDS,
} from '../../../../domain/media/loginMediaRules.js';
import { brandingApi, type MediaItem } from './brandingApi.js';

const LABELS = { adUrl: 'Ad link', adLabel: 'Ad label', slideDuration: 'Slide duration' } as const;

export function MediaItemModal({
  item,
  onClose,
  onSaved,
}: {
  item: MediaItem;
  onClose: () => void;
  onSaved: (item: MediaItem) => void;
}) {
  const [adUrl, setAdUrl] = useState(item.adUrl ?? '');
  const [adLabel, setAdLabel] = useState(item.adLabel ?? '');
  const [duration, setDuration] = useState(String(item.slideDuration));
  const form = useFormSubmit(
    async () => {
      const n = Number(duration);
      onSaved(
        await brandingApi.updateMedia(item.id, {
          adUrl: adUrl.trim() === '' ? null : adUrl.trim(),
          adLabel: adLabel.trim() === '' ? null : adLabel.trim(),
          // Not a number: sent as null, and the server names the field.
          ...(item.mediaType === 'image' ? { slideDuration: n } : {}),
        }),
      );
    },
    LABELS,
    {
      adUrl: webAddressProblem(LABELS.adUrl, adUrl),
      slideDuration:
        item.mediaType === 'image'
          ? wholeNumberProblem(LABELS.slideDuration, duration, MIN_SLIDE_SECONDS, MAX_SLIDE_SECONDS)
          : null,
    },
  );

  return (
    <FormModal
      open
      title="Edit background item"
      onClose={onClose}
      form={form}
      submitLabel="Save"
      formClass="stack"
      enterSubmits
    >
      <TextField
        label={LABELS.adUrl}
        aside="optional"
        type="url"
        value={adUrl}
        onInput={setAdUrl}
        maxLength={MAX_AD_URL}
        placeholder="https://example.com/offer"
        hint="Visitors who click it are counted in Ad analytics, then sent here."
        error={form.fieldError('adUrl')}
        inputProps={{ onBlur: (e: FocusEvent) => form.touch('adUrl', e) }}
      />
      <TextField
        label={LABELS.adLabel}
        aside="optional"
        value={adLabel}
        onInput={setAdLabel}
        maxLength={MAX_AD_LABEL}
        placeholder="Learn more"
        error={form.fieldError('adLabel')}
      />
      {item.mediaType === 'image' && (
        <TextField
          label={`${LABELS.slideDuration} (seconds)`}
          type="number"
          value={duration}
          onInput={setDuration}
          hint={`${MIN_SLIDE_SECONDS} to ${MAX_SLIDE_SECONDS} seconds.`}
          error={form.fieldError('slideDuration')}
          inputProps={{
            min: MIN_SLIDE_SECONDS,
            max: MAX_SLIDE_SECONDS,
            step: 1,
            onBlur: (e: FocusEvent) => form.touch('slideDuration', e),
          }}
        />
      )}
    </FormModal>
  );
}
