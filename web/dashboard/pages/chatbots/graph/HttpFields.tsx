/**
 * An http step's request: method, URL, headers, body (templates of variables) and which fields
 * of the JSON answer are saved into variables. Headers, body and saves are edited as text and
 * read when the field is left, so a half-typed line is not lost.
 */
import { useState } from 'preact/hooks';
import type { HttpMethod, HttpStep } from '../../../../../domain/flow/flowGraph.js';
import { HTTP_METHODS } from '../../../../../domain/flow/flowGraph.js';
import { Field, Select, TextField, useId } from '../../../ui/index.js';
import { bodyText, pairsText, parseBody, parsePairs } from './httpText.js';
import type { FieldsProps } from './stepFieldsProps.js';

function TextBlock({
  label,
  initial,
  hint,
  error,
  placeholder,
  onCommit,
}: {
  label: string;
  initial: string;
  hint: string;
  error: string | null;
  placeholder: string;
  onCommit: (text: string) => void;
}) {
  const id = useId('tb');
  const [text, setText] = useState(initial);
  return (
    <Field id={id} label={label} aside="optional" hint={hint} error={error}>
      <textarea
        id={id}
        class="input mono"
        rows={3}
        value={text}
        placeholder={placeholder}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        onBlur={() => onCommit(text)}
      />
    </Field>
  );
}

const METHOD_OPTIONS = HTTP_METHODS.map((m) => ({ value: m, label: m }));

export function HttpFields({ step, onChange, problemAt }: FieldsProps<HttpStep>) {
  const set = (key: 'headers' | 'body' | 'save', value: unknown) => {
    const copy = { ...step } as Record<string, unknown>;
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    onChange(copy as unknown as HttpStep);
  };
  return (
    <>
      <div class="http-line">
        <Select<HttpMethod>
          label="Method"
          value={step.method}
          options={METHOD_OPTIONS}
          error={problemAt('method')}
          onChange={(method) => onChange({ ...step, method })}
        />
        <TextField
          label="URL"
          type="url"
          value={step.url}
          maxLength={2048}
          error={problemAt('url')}
          hint={
            <>
              https only; <code>{'{{variable}}'}</code> may appear after the host.
            </>
          }
          onInput={(url) => onChange({ ...step, url: url.trim() })}
        />
      </div>
      {/* Keyed by the value kept: a change from outside (discarding the draft) shows, typing does not remount. */}
      <TextBlock
        key={`headers:${pairsText(step.headers, ': ')}`}
        label="Headers"
        initial={pairsText(step.headers, ': ')}
        placeholder="Authorization: Bearer …"
        hint="One a line: Name: value."
        error={problemAt('headers')}
        onCommit={(text) => set('headers', parsePairs(text, ':'))}
      />
      {step.method !== 'GET' && step.method !== 'DELETE' && (
        <TextBlock
          key={`body:${bodyText(step.body)}`}
          label="Body"
          initial={bodyText(step.body)}
          placeholder={'{"email": "{{email}}"}'}
          hint="JSON is sent as JSON, anything else as text."
          error={problemAt('body')}
          onCommit={(text) => set('body', parseBody(text))}
        />
      )}
      <TextBlock
        key={`save:${pairsText(step.save, ' = ')}`}
        label="Save from the answer"
        initial={pairsText(step.save, ' = ')}
        placeholder="status = $.order.status"
        hint="One a line: variable = $.path.in.the.json"
        error={problemAt('save')}
        onCommit={(text) => set('save', parsePairs(text, '='))}
      />
    </>
  );
}
