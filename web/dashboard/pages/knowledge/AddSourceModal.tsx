/**
 * Add a knowledge source: pasted text (title and text), a web page or a sitemap (URL), or an
 * uploaded file (its name and size shown before it is sent). The server's refusals (an http
 * address, a private host, a file that is not a document, the plan's limit) stand under the
 * field they name, or above the form.
 */
import { useEffect, useState } from 'preact/hooks';
import { FormModal, TextField, formatBytes, useFormSubmit, useId } from '../../ui/index.js';
import { type Source, knowledgeApi } from './knowledgeApi.js';

type Kind = 'text' | 'url' | 'file';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'url', label: 'Web page' },
  { value: 'file', label: 'File' },
];
const LABELS = { title: 'Title', text: 'Text', url: 'Page URL', file: 'File' } as const;
const ACCEPT = '.md,.markdown,.txt,.html,.htm,.pdf,.docx';
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_TEXT = 1_000_000;

export function AddSourceModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (s: Source) => void;
}) {
  const [kind, setKind] = useState<Kind>('text');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [sitemap, setSitemap] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId('file');
  const form = useFormSubmit(
    async () => {
      const r =
        kind === 'file'
          ? await knowledgeApi.upload(file!, title.trim())
          : kind === 'url'
            ? await knowledgeApi.add({
                type: 'url',
                url: url.trim(),
                sitemap,
                ...(title.trim() ? { title: title.trim() } : {}),
              })
            : await knowledgeApi.add({ type: 'text', title: title.trim(), text });
      onAdded(r.data);
      onClose();
    },
    LABELS,
    {
      title: kind !== 'text' || title.trim() ? null : `${LABELS.title} cannot be empty.`,
      text: kind !== 'text' || text.trim() ? null : 'Paste the text the agent should know.',
      url: kind !== 'url' || url.trim() ? null : `${LABELS.url} cannot be empty.`,
      file:
        kind !== 'file'
          ? null
          : !file
            ? 'Choose a file.'
            : file.size > MAX_FILE_BYTES
              ? `The file is ${formatBytes(file.size)}; files may be up to 20 MB.`
              : null,
    },
  );

  useEffect(() => {
    if (!open) return;
    setKind('text');
    setTitle('');
    setText('');
    setUrl('');
    setSitemap(false);
    setFile(null);
    form.clearError();
  }, [open]);
  const choose = (k: Kind) => {
    setKind(k);
    form.clearError();
  };

  const fileError = form.fieldError('file');
  return (
    <FormModal
      open={open}
      title="Add a knowledge source"
      onClose={onClose}
      wide
      form={form}
      submitLabel={kind === 'file' ? 'Upload and index' : 'Add source'}
      formId="knowledge-source"
    >
      <div class="field source-kind">
        <span class="field-label" id="source-kind">
          What to add
        </span>
        <div class="segmented" role="group" aria-labelledby="source-kind">
          {KINDS.map((k) => (
            <button key={k.value} type="button" aria-pressed={kind === k.value} onClick={() => choose(k.value)}>
              {k.label}
            </button>
          ))}
        </div>
      </div>
      {kind === 'text' && (
        <>
          <TextField
            label={LABELS.title}
            value={title}
            onInput={setTitle}
            maxLength={200}
            required
            error={form.fieldError('title')}
            placeholder="Returns policy"
            inputProps={{ onBlur: (e: FocusEvent) => form.touch('title', e) }}
          />
          <TextField
            label={LABELS.text}
            aside={`${text.length.toLocaleString()} / ${MAX_TEXT.toLocaleString()}`}
            value={text}
            onInput={setText}
            multiline
            rows={10}
            maxLength={MAX_TEXT}
            required
            error={form.fieldError('text')}
            hint="Plain text or Markdown: headings (#, ##) become the sections answers cite."
          />
        </>
      )}
      {kind === 'url' && (
        <>
          <TextField
            label={LABELS.url}
            type="url"
            value={url}
            onInput={setUrl}
            required
            placeholder="https://shop.example/help"
            error={form.fieldError('url')}
            hint="https only, on a public site. robots.txt is honoured."
            inputProps={{ spellcheck: false, inputMode: 'url', onBlur: (e: FocusEvent) => form.touch('url', e) }}
          />
          <label class="checklist-option source-sitemap">
            <input type="checkbox" checked={sitemap} onChange={(e) => setSitemap(e.currentTarget.checked)} />
            <span>
              <span class="checklist-label">This is a sitemap</span>
              <span class="checklist-sub">Up to 200 of the pages it lists are fetched and indexed.</span>
            </span>
          </label>
          <TextField
            label={LABELS.title}
            aside="optional"
            value={title}
            onInput={setTitle}
            maxLength={200}
            error={form.fieldError('title')}
            placeholder="The page's own title"
          />
        </>
      )}
      {kind === 'file' && (
        <>
          <div class={`field${fileError ? ' field-invalid' : ''}`}>
            <label class="field-label" for={fileId}>
              {LABELS.file}
            </label>
            <input
              id={fileId}
              type="file"
              class="input file-input"
              accept={ACCEPT}
              aria-invalid={fileError ? 'true' : undefined}
              aria-describedby={fileError ? `${fileId}-error` : `${fileId}-hint`}
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
            {fileError ? (
              <p class="field-error" id={`${fileId}-error`} role="alert">
                {fileError}
              </p>
            ) : (
              <p class="field-hint" id={`${fileId}-hint`}>
                {file
                  ? `${file.name} · ${formatBytes(file.size)}`
                  : 'Markdown, text, HTML, PDF or Word (.docx), up to 20 MB.'}
              </p>
            )}
          </div>
          <TextField
            label={LABELS.title}
            aside="optional"
            value={title}
            onInput={setTitle}
            maxLength={200}
            error={form.fieldError('title')}
            placeholder={file?.name ?? 'The file name'}
          />
        </>
      )}
    </FormModal>
  );
}
