/**
 * The Settings tab: name, description and whether visitors can chat. An empty name is caught
 * here; the server's refusals stand under the field they name, in its label's words.
 */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Button, Card, fieldError, formError, Switch, TextField, useClientChecks, useToast } from '../../ui/index.js';
import { chatbotApi, type ChatbotDetail } from './chatbotApi.js';
import { useUnsavedChanges } from '../../shell/unsavedChanges.js';

const LABELS = { name: 'Name', description: 'Description' } as const;

export function SettingsPanel({
  detail,
  onSaved,
  onToggle,
  toggling,
}: {
  detail: ChatbotDetail;
  onSaved: (d: ChatbotDetail) => void;
  onToggle: () => void;
  toggling: boolean;
}) {
  const notify = useToast();
  const [name, setName] = useState(detail.data.name);
  const [description, setDescription] = useState(detail.data.description ?? '');
  const [error, setError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = name !== detail.data.name || description !== (detail.data.description ?? '');
  useUnsavedChanges(dirty, 'the chatbot details');
  const checks = useClientChecks({ name: name.trim() ? null : `${LABELS.name} cannot be empty.` });
  const errorOf = (field: keyof typeof LABELS) => checks.shown(field) ?? fieldError(error, field, LABELS);
  const general = formError(error, LABELS);

  const save = async (e: Event) => {
    e.preventDefault();
    if (!checks.attempt()) return;
    setSaving(true);
    setError(null);
    try {
      onSaved(await chatbotApi.update(detail.data.id, { name: name.trim(), description }));
      notify('Chatbot saved');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div class="stack">
      <Card title="Details">
        <form onSubmit={save} noValidate>
          {general && (
            <div class="callout callout-danger form-alert" role="alert">
              {general}
            </div>
          )}
          <TextField
            label={LABELS.name}
            value={name}
            onInput={setName}
            maxLength={100}
            required
            error={errorOf('name')}
            hint="Shown to visitors in the chat window."
            inputProps={{ onBlur: (e: FocusEvent) => checks.touch('name', e) }}
          />
          <TextField
            label={LABELS.description}
            aside="optional"
            value={description}
            onInput={setDescription}
            multiline
            rows={3}
            maxLength={2000}
            error={errorOf('description')}
            hint="For your team only."
          />
          <div class="form-actions">
            <Button variant="primary" type="submit" busy={saving} disabled={!dirty}>
              Save changes
            </Button>
          </div>
        </form>
      </Card>
      <Card title="Availability">
        <Switch
          label="Visitors can chat with this chatbot"
          checked={!detail.data.disabled}
          disabled={toggling}
          onChange={onToggle}
          hint={
            detail.data.disabled
              ? 'Disabled: the widget on your site does not start conversations.'
              : 'Active: the widget on your site starts conversations.'
          }
        />
      </Card>
    </div>
  );
}
