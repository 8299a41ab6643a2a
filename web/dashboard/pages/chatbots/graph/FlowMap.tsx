/**
 * The flow map beside the step cards: the flow as a tree from the start (flowOutline.ts), every
 * branch indented under the way that leads to it. Choosing a step brings its card into view and
 * puts the keyboard on it.
 */
import type { FlowGraph } from '../../../../../domain/flow/flowGraph.js';
import { STEP_TYPE_LABEL } from './graphEditing.js';
import { type OutlineNode, flowOutline } from './flowOutline.js';

function goTo(id: string) {
  const card = document.querySelector<HTMLElement>(`[data-step-id="${CSS.escape(id)}"]`);
  card?.scrollIntoView({ block: 'start' });
  card?.querySelector<HTMLElement>('.step-body :is(textarea, input, select)')?.focus({ preventScroll: true });
}

function Node({ node }: { node: OutlineNode }) {
  return (
    <li>
      <span class="map-line">
        {node.via && <span class="map-via">{node.via} →</span>}
        <button type="button" class={`map-step map-step-${node.type ?? 'missing'}`} onClick={() => goTo(node.id)}>
          {node.id}
        </button>
        {node.type && !node.repeat && <span class="map-type">{STEP_TYPE_LABEL[node.type]}</span>}
        {node.repeat && <span class="map-type">(above)</span>}
        {!node.type && <span class="map-type">(missing)</span>}
      </span>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((c) => (
            <Node key={`${c.via}-${c.id}`} node={c} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function FlowMap({ graph }: { graph: FlowGraph }) {
  const { tree, unreached } = flowOutline(graph);
  return (
    <nav class="flow-map" aria-label="Flow map">
      <h3 class="section-title">Flow map</h3>
      {tree ? (
        <ul class="map-tree">
          <Node node={tree} />
        </ul>
      ) : (
        <p class="muted">Choose a start step.</p>
      )}
      {unreached.length > 0 && (
        <>
          <p class="map-unreached-title">Not reached from the start</p>
          <ul class="map-tree">
            {unreached.map((id) => (
              <li key={id}>
                <button type="button" class="map-step" onClick={() => goTo(id)}>
                  {id}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
