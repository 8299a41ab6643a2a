/** The Settings tab: name, description and whether visitors can chat. */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Button, Card, Switch, TextField, useToast } from '../../ui/index.js';
import { chatbotApi, type ChatbotDetail } from './chatbotApi.js';

export function SettingsPanel({ detail, onSaved, onToggle, toggling }: { detail: ChatbotDetail; onSaved: (d: ChatbotDetail) => void; onToggle: () => void; toggling: boolean }) {
  const notify = useToast();
  const [name, setName] = useState(detail.data.name);
  const [description, setDescription] = useState(detail.data.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = name !== detail.data.name || description !== (detail.data.description ?? '');

  const save = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) return setError('The name cannot be empty.');
    setSaving(true);
    setError(null);
    try {
      onSaved(await chatbotApi.update(detail.data.id, { name: name.trim(), description }));
      notify('Chatbot saved');
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div class="stack">
      <Card title="Details">
        <form onSubmit={save} noValidate>
          <TextField label="Name" value={name} onInput={setName} maxLength={100} required error={error} hint="Shown to visitors in the chat window." />
          <TextField label="Description" aside="optional" value={description} onInput={setDescription} multiline rows={3} maxLength={2000} hint="For your team only." />
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
          hint={detail.data.disabled ? 'Disabled: the widget on your site does not start conversations.' : 'Active: the widget on your site starts conversations.'}
        />
      </Card>
    </div>
  );
}
