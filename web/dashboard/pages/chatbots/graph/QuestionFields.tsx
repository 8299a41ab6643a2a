/**
 * A question's own fields: what the bot asks, the variable the answer is saved as, the input type
 * and its settings (number range, rating scale, choice options), and what happens on wrong answers.
 * Where each option leads is chosen with the step's other ways on (StepCard).
 */
import type { AnswerInput, ChoiceOption, InputType, QuestionStep } from '../../../../../domain/flow/flowGraph.js';
import { INPUT_TYPES, MAX_OPTIONS, MAX_RETRIES_LIMIT } from '../../../../../domain/flow/flowGraph.js';
import { retryMessageFor } from '../../../../../domain/flow/answerValidation.js';
import { Button, Icon, Select, Switch, TextField } from '../../../ui/index.js';
import type { FieldsProps } from './stepFieldsProps.js';

const INPUT_LABEL: Record<InputType, string> = {
  text: 'Any text',
  email: 'Email address',
  phone: 'Phone number',
  number: 'Number',
  date: 'Date',
  url: 'Web address',
  choice: 'Choice (buttons)',
  rating: 'Rating',
  yesno: 'Yes or no',
};
const INPUT_OPTIONS = INPUT_TYPES.map((t) => ({ value: t, label: INPUT_LABEL[t] }));

/** The input switched to another type, keeping the retry rules. */
function inputOfType(input: AnswerInput, type: InputType): AnswerInput {
  const rules = {
    ...(input.retryMessage !== undefined ? { retryMessage: input.retryMessage } : {}),
    ...(input.maxRetries !== undefined ? { maxRetries: input.maxRetries } : {}),
  };
  if (type === 'choice')
    return {
      ...rules,
      type,
      options: [
        { label: 'Yes', value: 'yes' },
        { label: 'No', value: 'no' },
      ],
    };
  if (type === 'rating') return { ...rules, type, max: 5 };
  return { ...rules, type };
}

/** "Order status" → "order_status": the value a label suggests. */
const suggestedValue = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 100);

const numberOrUndefined = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

export function QuestionFields({ step, onChange, problemAt }: FieldsProps<QuestionStep>) {
  const input = step.input;
  const setInput = (next: AnswerInput) => onChange({ ...step, input: next });
  const setNumber = (key: 'min' | 'max' | 'maxRetries', raw: string) => {
    const copy = { ...input } as Record<string, unknown>;
    const n = numberOrUndefined(raw);
    if (n === undefined) delete copy[key];
    else copy[key] = n;
    setInput(copy as unknown as AnswerInput);
  };
  const options = input.type === 'choice' ? input.options : [];
  const setOptions = (next: ChoiceOption[]) => input.type === 'choice' && setInput({ ...input, options: next });
  return (
    <>
      <TextField
        label="What the bot asks"
        value={step.text}
        onInput={(text) => onChange({ ...step, text })}
        multiline
        rows={2}
        error={problemAt('text')}
      />
      <div class="grid grid-2 step-grid">
        <TextField
          label="Save the answer as"
          value={step.variable}
          onInput={(variable) => onChange({ ...step, variable: variable.trim() })}
          maxLength={64}
          error={problemAt('variable')}
          hint={
            <>
              Later steps read it as <code>{`{{${step.variable || 'name'}}}`}</code>.
            </>
          }
        />
        <Select
          label="Answer type"
          value={input.type}
          options={INPUT_OPTIONS}
          error={problemAt('input.type')}
          onChange={(type) => setInput(inputOfType(input, type))}
        />
      </div>
      {input.type === 'number' && (
        <div class="grid grid-2 step-grid">
          <TextField
            label="Smallest number"
            aside="optional"
            type="number"
            value={input.min === undefined ? '' : String(input.min)}
            onInput={(v) => setNumber('min', v)}
            error={problemAt('input.min')}
          />
          <TextField
            label="Largest number"
            aside="optional"
            type="number"
            value={input.max === undefined ? '' : String(input.max)}
            onInput={(v) => setNumber('max', v)}
            error={problemAt('input.max')}
          />
        </div>
      )}
      {input.type === 'rating' && (
        <Select
          label="Rating scale"
          value={String(input.max) as '5' | '10'}
          options={[
            { value: '5', label: '1 to 5 stars' },
            { value: '10', label: '0 to 10' },
          ]}
          error={problemAt('input.max')}
          onChange={(max) => setInput({ ...input, max: max === '10' ? 10 : 5 })}
        />
      )}
      {input.type === 'choice' && (
        <fieldset class="options">
          <legend class="field-label">Options</legend>
          {problemAt('input.options') && (
            <p class="field-error" role="alert">
              {problemAt('input.options')}
            </p>
          )}
          <ol class="option-list">
            {options.map((o, i) => (
              <li key={i} class="option-row">
                <TextField
                  label={`Option ${i + 1} label`}
                  value={o.label}
                  maxLength={200}
                  error={problemAt(`input.options[${i}].label`)}
                  onInput={(label) =>
                    setOptions(
                      options.map((x, j) =>
                        j === i
                          ? {
                              ...x,
                              label,
                              value:
                                x.value === '' || x.value === suggestedValue(x.label) ? suggestedValue(label) : x.value,
                            }
                          : x,
                      ),
                    )
                  }
                />
                <TextField
                  label={`Option ${i + 1} value`}
                  value={o.value}
                  maxLength={100}
                  error={problemAt(`input.options[${i}].value`)}
                  onInput={(value) => setOptions(options.map((x, j) => (j === i ? { ...x, value } : x)))}
                />
                <button
                  type="button"
                  class="icon-btn option-remove"
                  aria-label={`Remove option ${i + 1}`}
                  disabled={options.length === 1}
                  onClick={() => setOptions(options.filter((_, j) => j !== i))}
                >
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ol>
          <div class="row option-tools">
            <Button
              size="sm"
              icon={<Icon name="plus" size={16} />}
              disabled={options.length >= MAX_OPTIONS}
              onClick={() => setOptions([...options, { label: '', value: '' }])}
            >
              Add option
            </Button>
            <Switch
              label="Visitors may pick several"
              checked={input.type === 'choice' && input.multiple === true}
              onChange={(multiple) =>
                input.type === 'choice' &&
                setInput({
                  ...input,
                  multiple,
                  // A multiple choice always goes on to the question's next.
                  options: multiple ? options.map(({ label, value }) => ({ label, value })) : options,
                })
              }
            />
          </div>
        </fieldset>
      )}
      <div class="grid grid-2 step-grid">
        <TextField
          label="Reply to a wrong answer"
          aside="optional"
          value={input.retryMessage ?? ''}
          placeholder={retryMessageFor({ ...input, retryMessage: undefined })}
          onInput={(retryMessage) => setInput({ ...input, retryMessage })}
          error={problemAt('input.retryMessage')}
        />
        <TextField
          label="Wrong answers before giving up"
          aside="optional"
          type="number"
          value={input.maxRetries === undefined ? '' : String(input.maxRetries)}
          placeholder="3"
          inputProps={{ min: 1, max: MAX_RETRIES_LIMIT }}
          onInput={(v) => setNumber('maxRetries', v)}
          error={problemAt('input.maxRetries')}
        />
      </div>
    </>
  );
}
