/**
 * The branching flow editor: the steps as cards in the author's order, a type picker to add one
 * after the last, removal that warns when other steps lead to the one removed, and the problem of
 * the last refused save brought into view and focused on its step.
 */
import { useEffect, useState } from 'preact/hooks';
import type { FlowGraph, StepType } from '../../../../../domain/flow/flowGraph.js';
import { MAX_GRAPH_STEPS } from '../../../../../domain/flow/flowGraph.js';
import { Button, ConfirmDialog, Icon, Select } from '../../../ui/index.js';
import type { FlowProblem } from './flowProblems.js';
import {
  ADDABLE_TYPES,
  STEP_TYPE_LABEL,
  addStep,
  incomingOf,
  moveStep,
  removeStep,
  renameStep,
  replaceStep,
} from './graphEditing.js';
import { StepCard } from './StepCard.js';

const TYPE_OPTIONS = ADDABLE_TYPES.map((t) => ({ value: t, label: STEP_TYPE_LABEL[t] }));

export function GraphEditor({
  graph,
  onChange,
  problem,
  warnings,
}: {
  graph: FlowGraph;
  onChange: (graph: FlowGraph) => void;
  problem: FlowProblem | null;
  /** Per step id: what the last save warned about it (unreachable). */
  warnings: Map<string, string>;
}) {
  const [type, setType] = useState<StepType>('message');
  const [removing, setRemoving] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  // A refused save: bring its step into view and put the keyboard on the field it names.
  useEffect(() => {
    if (!problem?.stepId) return;
    const card = document.querySelector<HTMLElement>(`[data-step-id="${CSS.escape(problem.stepId)}"]`);
    const target =
      card?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? card?.querySelector<HTMLElement>('.step-problem');
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [problem]);

  /** Focuses the first of `selectors` that matches in the step's card, once it is drawn. */
  const focusStep = (id: string, selectors: string[]) =>
    requestAnimationFrame(() => {
      const card = document.querySelector<HTMLElement>(`[data-step-id="${CSS.escape(id)}"]`);
      for (const selector of selectors) {
        const el = card?.querySelector<HTMLElement>(selector);
        if (el) return el.focus();
      }
    });

  const add = () => {
    const { graph: next, id } = addStep(graph, type);
    onChange(next);
    setAnnounce(`${STEP_TYPE_LABEL[type]} step ${id} added at the end.`);
    // The step's first own field: its text, else where it leads, else its id.
    focusStep(id, ['.step-body textarea', '.step-body input', '.step-body select']);
  };

  const remove = (id: string) => {
    onChange(removeStep(graph, id));
    setRemoving(null);
    setAnnounce(`Step ${id} removed.`);
  };

  const leadingTo = removing ? incomingOf(graph, removing) : [];

  return (
    <div class="flow-editor">
      <ol class="steps flow-steps" aria-label="Flow steps">
        {graph.steps.map((s, i) => (
          <StepCard
            key={s.id}
            step={s}
            index={i}
            graph={graph}
            problem={problem?.stepId === s.id ? problem : null}
            warning={warnings.get(s.id) ?? null}
            onChange={(step) => onChange(replaceStep(graph, step))}
            onRename={(to) => {
              onChange(renameStep(graph, s.id, to));
              setAnnounce(`Step ${s.id} renamed to ${to}; the ways leading to it follow.`);
            }}
            onMove={(delta) => {
              onChange(moveStep(graph, s.id, delta));
              setAnnounce(`Step ${s.id} moved to position ${i + 1 + delta}.`);
              // The keyboard stays on the step: the same button, or the other one at either end.
              const same = `button[aria-label="Move ${s.id} ${delta < 0 ? 'up' : 'down'}"]:not(:disabled)`;
              focusStep(s.id, [same, `button[aria-label^="Move ${s.id}"]:not(:disabled)`]);
            }}
            onRemove={() => (incomingOf(graph, s.id).length ? setRemoving(s.id) : remove(s.id))}
            onMakeStart={() => {
              onChange({ ...graph, start: s.id });
              setAnnounce(`Conversations now start at ${s.id}.`);
            }}
          />
        ))}
      </ol>
      <div class="add-step flow-add">
        <Select label="New step type" value={type} options={TYPE_OPTIONS} onChange={setType} />
        <Button
          variant="primary"
          icon={<Icon name="plus" size={16} />}
          disabled={graph.steps.length >= MAX_GRAPH_STEPS}
          onClick={add}
        >
          Add step
        </Button>
      </div>
      <p class="sr-only" aria-live="polite">
        {announce}
      </p>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ?? ''}?`}
        confirmLabel="Remove step"
        danger
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {leadingTo.length === 1 ? 'One way leads' : `${leadingTo.length} ways lead`} to this step:{' '}
          {leadingTo.map((x) => `${x.from} (${x.label})`).join(', ')}. They will be left unconnected until you choose
          another step for them.
        </p>
      </ConfirmDialog>
    </div>
  );
}
