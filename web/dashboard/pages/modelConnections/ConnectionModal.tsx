/**
 * Add or edit a model connection. The API key is a password field that is never filled in: on
 * an edit, left empty it keeps the stored key, typed it replaces it. The server's refusals (a
 * base URL that is not https, a name taken) stand under the field they name.
 */
import { useEffect, useState } from 'preact/hooks';
import { FormModal, TextField, useFormSubmit } from '../../ui/index.js';
import { type ModelConnection, modelConnectionApi } from './modelConnectionApi.js';

const LABELS = {
  name: 'Name',
  baseUrl: 'Base URL',
  apiKey: 'API key',
  chatModel: 'Chat model',
  embeddingModel: 'Embedding model',
} as const;

export function ConnectionModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new connection. */
  editing: ModelConnection | null;
  onClose: () => void;
  onSaved: (c: ModelConnection, created: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [chatModel, setChatModel] = useState('');
  const [embeddingModel, setEmbeddingModel] = useState('');
  const form = useFormSubmit(
    async () => {
      const fields = {
        name: name.trim(),
        baseUrl: baseUrl.trim(),
        chatModel: chatModel.trim(),
        embeddingModel: embeddingModel.trim() || null,
      };
      const saved = editing
        ? await modelConnectionApi.update(editing.id, { ...fields, ...(apiKey ? { apiKey } : {}) })
        : await modelConnectionApi.create({ ...fields, apiKey, embeddingModel: fields.embeddingModel ?? undefined });
      onSaved(saved.data, !editing);
      onClose();
    },
    LABELS,
    {
      name: name.trim() ? null : `${LABELS.name} cannot be empty.`,
      baseUrl: baseUrl.trim() ? null : `${LABELS.baseUrl} cannot be empty.`,
      apiKey: editing || apiKey ? null : `${LABELS.apiKey} cannot be empty.`,
      chatModel: chatModel.trim() ? null : `${LABELS.chatModel} cannot be empty.`,
    },
  );

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setBaseUrl(editing?.baseUrl ?? 'https://api.openai.com/v1');
    setApiKey('');
    setChatModel(editing?.chatModel ?? '');
    setEmbeddingModel(editing?.embeddingModel ?? '');
    form.clearError();
  }, [open, editing?.id]);

  const blur = (field: keyof typeof LABELS) => ({ onBlur: (e: FocusEvent) => form.touch(field, e) });
  return (
    <FormModal
      open={open}
      title={editing ? `Edit ${editing.name}` : 'Add a model connection'}
      onClose={onClose}
      wide
      form={form}
      submitLabel={editing ? 'Save changes' : 'Add connection'}
      formId="model-connection"
      enterSubmits
    >
      <TextField
        label={LABELS.name}
        value={name}
        onInput={setName}
        maxLength={100}
        required
        error={form.fieldError('name')}
        hint="For your team, e.g. “OpenAI production” or “Office Ollama”."
        inputProps={blur('name')}
      />
      <TextField
        label={LABELS.baseUrl}
        type="url"
        value={baseUrl}
        onInput={setBaseUrl}
        required
        error={form.fieldError('baseUrl')}
        hint="The provider's OpenAI-compatible root, ending in /v1. https, unless your operator allowed the host."
        inputProps={{ ...blur('baseUrl'), autocomplete: 'off', spellcheck: false }}
      />
      <TextField
        label={LABELS.apiKey}
        type="password"
        value={apiKey}
        onInput={setApiKey}
        required={!editing}
        error={form.fieldError('apiKey')}
        hint={
          editing
            ? 'Leave empty to keep the stored key. The key is encrypted and never shown again.'
            : 'Encrypted at rest and never shown again, not even to admins.'
        }
        inputProps={{ ...blur('apiKey'), autocomplete: 'new-password', spellcheck: false }}
      />
      <div class="grid grid-2">
        <TextField
          label={LABELS.chatModel}
          value={chatModel}
          onInput={setChatModel}
          required
          placeholder="gpt-4o-mini"
          error={form.fieldError('chatModel')}
          hint="The model agents answer with, unless an agent names another."
          inputProps={{ ...blur('chatModel'), spellcheck: false }}
        />
        <TextField
          label={LABELS.embeddingModel}
          aside="optional"
          value={embeddingModel}
          onInput={setEmbeddingModel}
          placeholder="text-embedding-3-small"
          error={form.fieldError('embeddingModel')}
          hint="For knowledge sources."
          inputProps={{ spellcheck: false }}
        />
      </div>
    </FormModal>
  );
}
