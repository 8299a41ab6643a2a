/** Read-only text (a key, a secret, an embed snippet) with a Copy button. */
import { useState } from 'preact/hooks';
import { useId } from './Field.js';
import { Button } from './Button.js';

async function copyText(text: string, fallback: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (e.g. plain http): select the text and use the legacy command.
    if (!fallback) return false;
    fallback.select();
    return document.execCommand('copy');
  }
}

export function CopyField({
  label,
  value,
  multiline,
  hint,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  hint?: string;
}) {
  const id = useId('copy');
  const [copied, setCopied] = useState<null | boolean>(null);
  const onCopy = async () => {
    const el = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
    setCopied(await copyText(value, el));
    setTimeout(() => setCopied(null), 2500);
  };
  return (
    <div class="field copy-field">
      <label class="field-label" for={id}>
        {label}
      </label>
      <div class={`copy-row${multiline ? ' copy-row-multi' : ''}`}>
        {multiline ? (
          <textarea
            id={id}
            class="input mono"
            readOnly
            rows={Math.min(8, value.split('\n').length + 1)}
            value={value}
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : (
          <input id={id} class="input mono" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        )}
        <Button variant="secondary" onClick={onCopy}>
          {copied ? 'Copied' : 'Copy'}
          <span class="sr-only"> {label}</span>
        </Button>
      </div>
      <p class="field-hint" aria-live="polite">
        {copied === false
          ? 'Press Ctrl+C (⌘C) to copy the selected text.'
          : copied
            ? 'Copied to the clipboard.'
            : (hint ?? '')}
      </p>
    </div>
  );
}
