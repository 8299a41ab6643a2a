/**
 * The chatbot actions shared by the list and the chatbot page: create (modal), duplicate,
 * disable/enable and delete (with confirmation). Plan cap refusals are shown as they come.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api.js';
import { ConfirmDialog, FormModal, TextField, useFormSubmit, useToast } from '../../ui/index.js';
import { chatbotApi, type ChatbotDetail, type ChatbotListItem } from './chatbotApi.js';

/** A refusal worded for people: the plan cap gets its own sentence. */
export function actionError(err: unknown): string {
  const e = err as ApiError;
  if (e.code === 'PLAN_LIMIT') return `${e.message} Upgrade your plan or delete a chatbot you no longer use.`;
  return e.message;
}

const LABELS = { name: 'Name', description: 'Description' } as const;

export function CreateChatbotModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (c: ChatbotDetail) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const form = useFormSubmit(
    async () => {
      let created: ChatbotDetail;
      try {
        created = await chatbotApi.create({
          name: name.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
        });
      } catch (err) {
        const e = err as ApiError;
        // Shown above the form: the plan cap in a sentence that says what to do about it.
        throw new ApiError(e.status, e.code, actionError(e), e.field);
      }
      setName('');
      setDescription('');
      onCreated(created);
    },
    LABELS,
    { name: name.trim() ? null : 'Give the chatbot a name.' },
  );
  useEffect(() => {
    if (open) form.clearError();
  }, [open]);
  return (
    <FormModal
      open={open}
      title="New chatbot"
      onClose={onClose}
      form={form}
      submitLabel="Create chatbot"
      formId="create-chatbot"
      enterSubmits
    >
      <TextField
        label={LABELS.name}
        value={name}
        onInput={setName}
        maxLength={100}
        required
        autoFocus
        hint="Visitors see this name in the chat window."
        error={form.fieldError('name')}
        inputProps={{ onBlur: (e: FocusEvent) => form.touch('name', e) }}
      />
      <TextField
        label={LABELS.description}
        aside="optional"
        value={description}
        onInput={setDescription}
        multiline
        rows={2}
        maxLength={2000}
        hint="For your team: what this chatbot is for."
        error={form.fieldError('description')}
      />
      <p class="field-hint" style={{ marginTop: '14px' }}>
        It starts with a simple flow (greeting, name, email, thank-you) that you can change next.
      </p>
    </FormModal>
  );
}

/** Duplicate / disable-enable / delete for one chatbot; `onChanged` after any of them. */
export function useChatbotActions(
  onChanged: (what: 'duplicated' | 'toggled' | 'deleted', detail?: ChatbotDetail) => void,
) {
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
      notify(
        updated.data.disabled
          ? `"${c.name}" is disabled: visitors can no longer chat with it`
          : `"${c.name}" is enabled`,
      );
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
        <strong>{toDelete?.name}</strong> and its webhooks are deleted for good, and the widget on your site stops
        answering. This cannot be undone.
      </p>
    </ConfirmDialog>
  );

  return { busy, duplicate, toggle, askDelete: setToDelete, deleteDialog };
}
