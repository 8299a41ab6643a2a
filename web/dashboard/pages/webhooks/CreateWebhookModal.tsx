/**
 * "Add endpoint": URL, chatbot, events and a description; once created, the same dialog shows
 * the signing secret one time, with a copy field and a clear warning.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, DASHBOARD_API } from '../../api.js';
import {
  CheckboxGroup,
  CopyField,
  FormModal,
  SecretOnce,
  Select,
  TextField,
  useFormSubmit,
  webAddressProblem,
} from '../../ui/index.js';
import { EVENT_HINTS } from './eventHints.js';
import type { CreatedWebhook, Webhook, WebhookList } from './types.js';

const LABELS = { url: 'Endpoint URL', chatbotId: 'Chatbot', events: 'Events', description: 'Description' } as const;

export function CreateWebhookModal({
  open,
  list,
  onClose,
  onCreated,
}: {
  open: boolean;
  list: WebhookList;
  onClose: () => void;
  onCreated: (w: Webhook) => void;
}) {
  const [url, setUrl] = useState('https://');
  const [chatbotId, setChatbotId] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const form = useFormSubmit(
    async () => {
      const r = await api.send<{ data: CreatedWebhook }>('POST', `${DASHBOARD_API}/webhooks`, {
        url: url.trim(),
        chatbotId,
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setCreated(r.data);
      const { secret: _shownOnce, ...webhook } = r.data;
      onCreated(webhook);
    },
    LABELS,
    { url: webAddressProblem(LABELS.url, url, { https: true }) },
  );

  // Reset once closed, not when opened again: the first frame of the next open must not show the
  // last secret (nor keep its dialog's refusal of Escape) before a reset could run.
  useEffect(() => {
    if (open) return;
    setUrl('https://');
    setChatbotId(list.chatbots[0]?.id ?? '');
    setEvents([...list.events]);
    setDescription('');
    form.clearError();
    setCreated(null);
  }, [open]);

  const result = created && {
    title: 'Save your signing secret',
    closeLabel: 'I have saved the secret',
    content: (
      <SecretOnce
        warning="This is the only time the secret is shown"
        advice={
          <>
            Copy it into your receiver now. It signs every delivery (header{' '}
            <span class="mono">x-webhook-signature</span>, HMAC-SHA256 of the raw body). If you lose it, delete the
            endpoint and add it again.
          </>
        }
      >
        <CopyField label="Signing secret" value={created.secret} multiline />
        <p class="small muted">
          Endpoint <span class="mono">{created.url}</span> receives {created.events.join(', ')}.
        </p>
      </SecretOnce>
    ),
  };

  return (
    <FormModal
      open={open}
      title="Add a webhook endpoint"
      onClose={onClose}
      wide
      form={form}
      submitLabel="Add endpoint"
      submitDisabled={!chatbotId || events.length === 0}
      formId="create-webhook"
      result={result}
    >
      <TextField
        label={LABELS.url}
        type="url"
        value={url}
        onInput={setUrl}
        required
        error={form.fieldError('url')}
        hint="Must be https on a public host. We send a signed POST with a JSON body."
        inputProps={{ autocomplete: 'off', spellcheck: false, onBlur: (e: FocusEvent) => form.touch('url', e) }}
      />
      <Select
        label={LABELS.chatbotId}
        value={chatbotId}
        onChange={setChatbotId}
        options={list.chatbots.map((b) => ({ value: b.id, label: b.name }))}
        hint="Events of this chatbot's conversations are sent."
        error={form.fieldError('chatbotId')}
      />
      <div class="form-gap">
        <CheckboxGroup
          legend={LABELS.events}
          options={list.events.map((name) => ({
            value: name,
            label: <span class="mono">{name}</span>,
            hint: EVENT_HINTS[name],
          }))}
          value={events}
          onChange={setEvents}
          error={form.fieldError('events') ?? (events.length === 0 ? 'Pick at least one event.' : null)}
        />
      </div>
      <div class="form-gap">
        <TextField
          label={LABELS.description}
          aside="optional"
          value={description}
          onInput={setDescription}
          maxLength={500}
          error={form.fieldError('description')}
          placeholder="e.g. CRM sync"
        />
      </div>
    </FormModal>
  );
}
