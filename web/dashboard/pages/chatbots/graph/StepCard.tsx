/**
 * One step of a branching flow in the editor: its id (renaming rewrites every way that leads to
 * it), its own fields, every way on drawn as "label → step" (options and branches indented under
 * it), the steps that lead to it, and any problem the last save found, on the field it concerns.
 */
import { useState } from 'preact/hooks';
import type {
  EndStep,
  FlowGraph,
  FlowStep,
  HandoffStep,
  MessageStep,
  SetStep,
} from '../../../../../domain/flow/flowGraph.js';
import { Badge, Button, Icon, Select, TextField, useId } from '../../../ui/index.js';
import { ConditionFields } from './ConditionFields.js';
import { type FlowProblem, problemHasField, problemIsAt } from './flowProblems.js';
import { STEP_TYPE_LABEL, type Route, incomingOf, renameProblem, routesOf, withRoute } from './graphEditing.js';
import { HttpFields } from './HttpFields.js';
import { QuestionFields } from './QuestionFields.js';
import type { FieldsProps } from './stepFieldsProps.js';
import { TargetSelect } from './TargetSelect.js';

export interface StepCardProps {
  step: FlowStep;
  index: number;
  graph: FlowGraph;
  problem: FlowProblem | null;
  warning: string | null;
  onChange: (step: FlowStep) => void;
  onRename: (to: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onMakeStart: () => void;
}

function emptyLabelOf(route: Route): string {
  if (route.field === 'fallback') return 'Ask the question again';
  if (route.branch) return 'Same as other answers';
  return 'End the conversation here';
}

/** The step's id, in its header; renamed when left or on Enter, if the new one is free and well formed. */
function StepIdField({ graph, id, onRename }: { graph: FlowGraph; id: string; onRename: (to: string) => void }) {
  const fieldId = useId('sid');
  const [text, setText] = useState(id);
  const problem = text === id ? null : renameProblem(graph, id, text);
  return (
    <span class="step-id">
      <label class="sr-only" for={fieldId}>
        Step id
      </label>
      <input
        id={fieldId}
        class="input mono step-id-input"
        value={text}
        maxLength={64}
        size={Math.max(8, Math.min(text.length + 1, 24))}
        spellcheck={false}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? `${fieldId}-error` : undefined}
        onInput={(e) => setText((e.currentTarget as HTMLInputElement).value.trim())}
        onChange={() => {
          if (text !== id && !renameProblem(graph, id, text)) onRename(text);
        }}
        onBlur={() => {
          if (renameProblem(graph, id, text)) setText(id);
        }}
      />
      {problem && (
        <span class="field-error step-id-error" id={`${fieldId}-error`} role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}

function MessageFields({ step, onChange, problemAt }: FieldsProps<MessageStep>) {
  return (
    <TextField
      label="What the bot says"
      value={step.text}
      multiline
      rows={2}
      error={problemAt('text')}
      hint={
        <>
          <code>{'{{variable}}'}</code> inserts an answer or a saved value.
        </>
      }
      onInput={(text) => onChange({ ...step, text })}
    />
  );
}

function SetFields({ step, onChange, problemAt }: FieldsProps<SetStep>) {
  return (
    <div class="grid grid-2 step-grid">
      <TextField
        label="Variable"
        value={step.variable}
        maxLength={64}
        error={problemAt('variable')}
        onInput={(variable) => onChange({ ...step, variable: variable.trim() })}
      />
      <TextField
        label="Value"
        value={step.value}
        error={problemAt('value')}
        hint={
          <>
            Text; <code>{'{{name}}'}</code> inserts a variable.
          </>
        }
        onInput={(value) => onChange({ ...step, value })}
      />
    </div>
  );
}

/** The optional words a closing step (hand-off, end) says before the conversation stops. */
function ClosingText<S extends HandoffStep | EndStep>({
  label,
  step,
  onChange,
  problemAt,
}: Omit<FieldsProps<S>, 'graph'> & { label: string }) {
  return (
    <TextField
      label={label}
      aside="optional"
      value={step.text ?? ''}
      multiline
      rows={2}
      error={problemAt('text')}
      onInput={(text) => onChange({ ...step, text })}
    />
  );
}

function HandoffFields({ step, onChange, problemAt }: FieldsProps<HandoffStep>) {
  return (
    <>
      <ClosingText label="What the bot says first" step={step} onChange={onChange} problemAt={problemAt} />
      <TextField
        label="Reason (shown to your team)"
        value={step.reason}
        maxLength={200}
        error={problemAt('reason')}
        onInput={(reason) => onChange({ ...step, reason })}
      />
    </>
  );
}

function EndFields({ step, onChange, problemAt }: FieldsProps<EndStep>) {
  return (
    <>
      <ClosingText label="What the bot says last" step={step} onChange={onChange} problemAt={problemAt} />
      <Select
        label="The conversation counts as"
        value={step.resolution}
        options={[
          { value: 'resolved', label: 'Resolved' },
          { value: 'ended', label: 'Ended (not resolved)' },
        ]}
        error={problemAt('resolution')}
        onChange={(resolution) => onChange({ ...step, resolution })}
      />
    </>
  );
}

function OwnFields(props: FieldsProps<FlowStep>) {
  const { step } = props;
  switch (step.type) {
    case 'message':
      return <MessageFields {...props} step={step} />;
    case 'question':
      return <QuestionFields {...props} step={step} />;
    case 'condition':
      return <ConditionFields {...props} step={step} />;
    case 'set':
      return <SetFields {...props} step={step} />;
    case 'http':
      return <HttpFields {...props} step={step} />;
    case 'handoff':
      return <HandoffFields {...props} step={step} />;
    case 'end':
      return <EndFields {...props} step={step} />;
    case 'jump':
      return null;
    case 'ai':
      return (
        <p class="field-hint">
          The chatbot's AI agent talks with the visitor here, one answer per message. When it ends the talk the flow
          goes on; when it hands off, a person takes over. Publishing needs the chatbot to have an agent.
        </p>
      );
  }
}

export function StepCard(props: StepCardProps) {
  const { step, index, graph, problem, warning, onChange } = props;
  const n = index + 1;
  const problemAt = (path: string) => (problem && problemIsAt(problem.field, path) ? problem.message : null);
  const stepProblem = problem && !problemHasField(step, problem.field) ? problem.message : null;
  const routes = routesOf(step);
  const incoming = incomingOf(graph, step.id);
  const isStart = graph.start === step.id;
  const count = graph.steps.length;
  return (
    <li
      class={`step flow-step flow-step-${step.type}${problem ? ' step-invalid' : ''}`}
      aria-label={`Step ${step.id}: ${STEP_TYPE_LABEL[step.type]}`}
      data-step-id={step.id}
    >
      <div class="flow-step-head">
        <span class="step-num" aria-hidden="true">
          {n}
        </span>
        <span class={`step-kind step-kind-${step.type}`}>{STEP_TYPE_LABEL[step.type]}</span>
        <StepIdField key={step.id} graph={graph} id={step.id} onRename={props.onRename} />
        {isStart ? (
          <Badge tone="success">Start</Badge>
        ) : (
          <Button size="sm" variant="ghost" onClick={props.onMakeStart}>
            Make start
          </Button>
        )}
        <span class="flow-step-tools">
          <button
            type="button"
            class="icon-btn"
            aria-label={`Move ${step.id} up`}
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
          >
            <Icon name="up" />
          </button>
          <button
            type="button"
            class="icon-btn"
            aria-label={`Move ${step.id} down`}
            disabled={index === count - 1}
            onClick={() => props.onMove(1)}
          >
            <Icon name="down" />
          </button>
          <button
            type="button"
            class="icon-btn"
            aria-label={`Remove ${step.id}`}
            disabled={count === 1}
            onClick={props.onRemove}
          >
            <Icon name="trash" />
          </button>
        </span>
      </div>
      <div class="step-body">
        {stepProblem && (
          <p class="callout callout-danger step-problem" role="alert" tabIndex={-1}>
            {stepProblem}
          </p>
        )}
        {warning && (
          <p class="callout callout-warning step-warning" tabIndex={-1}>
            {warning}
          </p>
        )}
        <OwnFields step={step} graph={graph} onChange={onChange} problemAt={problemAt} />
        {routes.length > 0 ? (
          <div class="routes" role="group" aria-label={`Where ${step.id} goes`}>
            {routes.map((r) => (
              <TargetSelect
                key={r.field}
                route={r}
                graph={graph}
                fromId={step.id}
                emptyLabel={emptyLabelOf(r)}
                error={problemAt(r.field)}
                onChange={(target) => onChange(withRoute(step, r.field, target))}
              />
            ))}
          </div>
        ) : (
          <p class="route-end">
            {step.type === 'handoff' ? 'Hands the conversation to your team.' : 'The conversation ends here.'}
          </p>
        )}
        <p class="incoming">
          {incoming.length === 0 ? (
            isStart ? (
              'Conversations start here.'
            ) : (
              'No step leads here yet.'
            )
          ) : (
            <>
              Reached from{' '}
              {incoming.map((x, i) => (
                <span key={`${x.from}-${x.label}`}>
                  {i > 0 && ', '}
                  <code>{x.from}</code> <span class="muted">({x.label})</span>
                </span>
              ))}
              {isStart && ' · conversations start here'}
            </>
          )}
        </p>
      </div>
    </li>
  );
}
