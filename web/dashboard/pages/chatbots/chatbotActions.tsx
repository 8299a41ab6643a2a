/**
 * The chatbot actions shared by the list and the chatbot page: create (modal), duplicate,
 * disable/enable and delete (with confirmation). Plan cap refusals are shown as they come.
 */
import { useState } from 'preact/hooks';
import type { ApiError } from '../../api.js';
import { Button, ConfirmDialog, Modal, TextField, useToast } from '../../ui/index.js';
import { chatbotApi, type ChatbotDetail, type ChatbotListItem } from './chatbotApi.js';

/** A refusal worded for people: the plan cap gets its own sentence. */
export function actionError(err: unknown): string {
  const e = err as ApiError;
  if (e.code === 'PLAN_LIMIT') return `${e.message} Upgrade your plan or delete a chatbot you no longer use.`;
  return e.message;
}

export function CreateChatbotModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (c: ChatbotDetail) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the chatbot a name.');
    setBusy(true);
    setError(null);
    try {
      const created = await chatbotApi.create({ name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) });
      setName('');
      setDescription('');
      onCreated(created);
    } catch (err) {
      setError(actionError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title="New chatbot"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="create-chatbot" busy={busy}>
            Create chatbot
          </Button>
        </>
      }
    >
      <form id="create-chatbot" onSubmit={submit} noValidate>
        <TextField label="Name" value={name} onInput={setName} maxLength={100} required autoFocus hint="Visitors see this name in the chat window." error={error && !name.trim() ? error : null} />
        <TextField label="Description" aside="optional" value={description} onInput={setDescription} multiline rows={2} maxLength={2000} hint="For your team: what this chatbot is for." />
        {error && name.trim() && (
          <p class="field-error" role="alert" style={{ marginTop: '14px' }}>
            {error}
          </p>
        )}
        <p class="field-hint" style={{ marginTop: '14px' }}>
          It starts with a simple flow (greeting, name, email, thank-you) that you can change next.
        </p>
      </form>
    </Modal>
  );
}

/** Duplicate / disable-enable / delete for one chatbot; `onChanged` after any of them. */
export function useChatbotActions(onChanged: (what: 'duplicated' | 'toggled' | 'deleted', detail?: ChatbotDetail) => void) {
  const notify = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ChatbotListItem | null>(null);

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch (err) {
      notify(actionError(err), 'error');
    } finally {
      setBusy(null);
    }
  };

  const duplicate = (c: ChatbotListItem) =>
    run(`dup-${c.id}`, async () => {
      const copy = await chatbotApi.duplicate(c.id);
      notify(`Created "${copy.data.name}"`);
      onChanged('duplicated', copy);
    });

  const toggle = (c: ChatbotListItem) =>
    run(`toggle-${c.id}`, async () => {
      const updated = await chatbotApi.update(c.id, { disabled: !c.disabled });
      notify(updated.data.disabled ? `"${c.name}" is disabled: visitors can no longer chat with it` : `"${c.name}" is enabled`);
      onChanged('toggled', updated);
    });

  const confirmDelete = () =>
    toDelete &&
    run(`del-${toDelete.id}`, async () => {
      await chatbotApi.remove(toDelete.id);
      notify(`Deleted "${toDelete.name}"`);
      setToDelete(null);
      onChanged('deleted');
    });

  const deleteDialog = (
    <ConfirmDialog
      open={toDelete !== null}
      title="Delete chatbot?"
      confirmLabel="Delete chatbot"
      busy={busy === `del-${toDelete?.id}`}
      onCancel={() => setToDelete(null)}
      onConfirm={() => void confirmDelete()}
    >
      <p>
        <strong>{toDelete?.name}</strong> and its webhooks are deleted for good, and the widget on your site stops answering. This cannot be undone.
      </p>
    </ConfirmDialog>
  );

  return { busy, duplicate, toggle, askDelete: setToDelete, deleteDialog };
}
