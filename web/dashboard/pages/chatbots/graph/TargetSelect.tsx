/**
 * Where one way on leads: a select of the flow's steps, drawn as "label → step". An optional way
 * on may be left unchosen (what that means, e.g. "end the conversation", is `emptyLabel`); a
 * required one starts as "Choose a step…", which the server refuses on save.
 */
import type { FlowGraph } from '../../../../../domain/flow/flowGraph.js';
import { useId } from '../../../ui/index.js';
import { STEP_TYPE_LABEL, type Route } from './graphEditing.js';

export function TargetSelect({
  route,
  graph,
  fromId,
  emptyLabel,
  error,
  onChange,
}: {
  route: Route;
  graph: FlowGraph;
  fromId: string;
  emptyLabel: string;
  error: string | null;
  onChange: (target: string) => void;
}) {
  const id = useId('to');
  const unknown = route.target !== '' && !graph.steps.some((s) => s.id === route.target);
  return (
    <div class={`route${route.branch ? ' route-branch' : ''}${error ? ' route-invalid' : ''}`} data-field={route.field}>
      <label class="route-label" for={id}>
        {route.label}
      </label>
      <span class="route-arrow" aria-hidden="true">
        →
      </span>
      <select
        id={id}
        class="input select route-select"
        value={route.target}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">{route.required ? 'Choose a step…' : emptyLabel}</option>
        {unknown && <option value={route.target}>{route.target} (missing)</option>}
        {graph.steps.map((s) => (
          <option key={s.id} value={s.id}>
            {s.id === fromId ? `${s.id} (this step)` : `${s.id} · ${STEP_TYPE_LABEL[s.type]}`}
          </option>
        ))}
      </select>
      {error && (
        <p class="field-error route-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
