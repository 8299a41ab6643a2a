/**
 * The flow editor: an ordered list of steps (message, question with the name its answer is
 * saved as, hand-off), each editable in place; add, delete, and reorder with the Move up/down
 * buttons or by dragging the handle. Problems show under the step they concern.
 */
import { useState } from 'preact/hooks';
import { Button, Icon, Select, TextField } from '../../ui/index.js';
import type { StepType } from './chatbotApi.js';
import { MAX_STEPS, MAX_TEXT, STEP_LABEL, newStep, type EditableStep, type StepIssue } from './flowRules.js';

const TYPE_OPTIONS = (Object.keys(STEP_LABEL) as StepType[]).map((t) => ({ value: t, label: STEP_LABEL[t] }));
const KIND_ICON = { message: 'message', question: 'question', handoff: 'handoff' } as const;
const TEXT_HINT: Record<StepType, string> = {
  message: 'The bot says this and goes straight on to the next step.',
  question: "The bot asks this and waits for the visitor's answer.",
  handoff: 'The bot says this and passes the conversation to your team; the flow ends here.',
};

function move<T>(xs: T[], from: number, to: number): T[] {
  const copy = xs.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

function StepCard({
  step,
  index,
  count,
  issues,
  onChange,
  onMove,
  onRemove,
  dragProps,
  dragging,
  dropTarget,
}: {
  step: EditableStep;
  index: number;
  count: number;
  issues: StepIssue[];
  onChange: (s: EditableStep) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  dragProps: Record<string, unknown>;
  dragging: boolean;
  dropTarget: boolean;
}) {
  const n = index + 1;
  const errors = issues.filter((i) => i.level === 'error');
  const textError = errors.find((e) => !/answer name|Name the answer/.test(e.message))?.message ?? null;
  const variableError = errors.find((e) => /answer name|Name the answer/.test(e.message))?.message ?? null;
  const warnings = issues.filter((i) => i.level === 'warning');
  return (
    <li
      class={`step${errors.length ? ' step-invalid' : ''}${dragging ? ' step-dragging' : ''}${dropTarget ? ' step-drop-target' : ''}`}
      aria-label={`Step ${n}: ${STEP_LABEL[step.type]}`}
      {...dragProps}
    >
      <div class="step-handle" title="Drag to reorder" data-handle="true">
        <span class="step-num">{n}</span>
        <Icon name="grip" />
      </div>
      <div class="step-body">
        <div class="row">
          <span class={`step-kind step-kind-${step.type}`}>
            <Icon name={KIND_ICON[step.type]} size={16} />
            {STEP_LABEL[step.type]}
          </span>
        </div>
        <div class="grid grid-2" style={{ gap: '12px' }}>
          <Select
            label={`Step ${n} type`}
            value={step.type}
            options={TYPE_OPTIONS}
            onChange={(type) =>
              onChange({ ...step, type, variable: type === 'question' ? step.variable || 'answer' : undefined })
            }
          />
          {step.type === 'question' && (
            <TextField
              label={`Step ${n}: save the answer as`}
              value={step.variable ?? ''}
              onInput={(variable) => onChange({ ...step, variable: variable.trim() })}
              maxLength={64}
              error={variableError}
              hint={
                <>
                  Use <code>{`{{${step.variable || 'name'}}}`}</code> in a later step to repeat the answer.
                </>
              }
            />
          )}
        </div>
        <TextField
          label={`Step ${n}: what the bot says`}
          value={step.text}
          onInput={(text) => onChange({ ...step, text })}
          multiline
          rows={2}
          maxLength={MAX_TEXT}
          error={textError}
          hint={TEXT_HINT[step.type]}
        />
        {warnings.map((w) => (
          <p key={w.message} class="field-hint" style={{ color: 'var(--warning)' }}>
            {w.message}
          </p>
        ))}
      </div>
      <div class="step-tools">
        <button
          type="button"
          class="icon-btn"
          aria-label={`Move step ${n} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <Icon name="up" />
        </button>
        <button
          type="button"
          class="icon-btn"
          aria-label={`Move step ${n} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <Icon name="down" />
        </button>
        <button
          type="button"
          class="icon-btn"
          aria-label={`Delete step ${n}`}
          disabled={count === 1}
          onClick={onRemove}
        >
          <Icon name="trash" />
        </button>
      </div>
    </li>
  );
}

export function FlowEditor({
  steps,
  onChange,
  issues,
}: {
  steps: EditableStep[];
  onChange: (steps: EditableStep[]) => void;
  issues: Map<number, StepIssue[]>;
}) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [armed, setArmed] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');

  const moveStep = (from: number, to: number) => {
    if (to < 0 || to >= steps.length || from === to) return;
    onChange(move(steps, from, to));
    setAnnounce(`Step ${from + 1} moved to position ${to + 1}.`);
    // Keep the keyboard on the moved step's button.
    requestAnimationFrame(() => {
      const label = to < from ? `Move step ${to + 1} up` : `Move step ${to + 1} down`;
      const btn = document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
      (btn && !btn.disabled
        ? btn
        : document.querySelector<HTMLButtonElement>(`button[aria-label="Delete step ${to + 1}"]`)
      )?.focus();
    });
  };

  const add = (type: StepType) => {
    onChange([...steps, newStep(type, steps)]);
    setAnnounce(`${STEP_LABEL[type]} added as step ${steps.length + 1}.`);
    requestAnimationFrame(() =>
      document.querySelector<HTMLTextAreaElement>('.steps > li:last-child textarea')?.focus(),
    );
  };

  return (
    <div>
      <ol class="steps" aria-label="Conversation steps">
        {steps.map((s, i) => (
          <StepCard
            key={s.key}
            step={s}
            index={i}
            count={steps.length}
            issues={issues.get(i) ?? []}
            onChange={(next) => onChange(steps.map((x) => (x.key === s.key ? next : x)))}
            onMove={(to) => moveStep(i, to)}
            onRemove={() => {
              onChange(steps.filter((x) => x.key !== s.key));
              setAnnounce(`Step ${i + 1} deleted.`);
            }}
            dragging={dragFrom === i}
            dropTarget={dragOver === i && dragFrom !== null && dragFrom !== i}
            dragProps={{
              // Only the handle starts a drag, so text in the fields stays selectable.
              draggable: armed === s.key,
              onMouseDown: (e: MouseEvent) =>
                setArmed((e.target as HTMLElement).closest('[data-handle]') ? s.key : null),
              onDragStart: (e: DragEvent) => {
                setDragFrom(i);
                e.dataTransfer?.setData('text/plain', String(i));
                if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
              },
              onDragOver: (e: DragEvent) => {
                if (dragFrom === null) return;
                e.preventDefault();
                setDragOver(i);
              },
              onDrop: (e: DragEvent) => {
                e.preventDefault();
                if (dragFrom !== null) moveStep(dragFrom, i);
                setDragFrom(null);
                setDragOver(null);
              },
              onDragEnd: () => {
                setDragFrom(null);
                setDragOver(null);
                setArmed(null);
              },
            }}
          />
        ))}
      </ol>
      <div class="add-step">
        <span class="muted small" style={{ alignSelf: 'center' }}>
          Add a step:
        </span>
        {(['message', 'question', 'handoff'] as StepType[]).map((t) => (
          <Button
            key={t}
            size="sm"
            icon={<Icon name="plus" size={16} />}
            disabled={steps.length >= MAX_STEPS}
            onClick={() => add(t)}
          >
            {t === 'handoff' ? 'Hand-off' : STEP_LABEL[t]}
          </Button>
        ))}
      </div>
      <p class="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
