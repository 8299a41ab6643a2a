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

function Line({ node }: { node: OutlineNode }) {
  return (
    <span class="map-line">
      {node.via && <span class="map-via">{node.via} →</span>}
      <button type="button" class={`map-step map-step-${node.type ?? 'missing'}`} onClick={() => goTo(node.id)}>
        {node.id}
      </button>
      {node.type && !node.repeat && <span class="map-type">{STEP_TYPE_LABEL[node.type]}</span>}
      {node.repeat && <span class="map-type">(above)</span>}
      {!node.type && <span class="map-type">(missing)</span>}
    </span>
  );
}

/**
 * A run of steps that each lead to one next step stays at one level; where a step has several
 * ways on, they are indented under it. So the map only steps in where the flow branches.
 */
function Chain({ node }: { node: OutlineNode }) {
  const run: OutlineNode[] = [node];
  let last = node;
  while (last.children.length === 1) {
    last = last.children[0]!;
    run.push(last);
  }
  return (
    <>
      {run.map((n, i) => (
        <li key={`${i}-${n.id}`}>
          <Line node={n} />
          {n === last && n.children.length > 1 && (
            <ul>
              {n.children.map((c) => (
                <Chain key={`${c.via}-${c.id}`} node={c} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </>
  );
}

export function FlowMap({ graph }: { graph: FlowGraph }) {
  const { tree, unreached } = flowOutline(graph);
  return (
    <nav class="flow-map" aria-label="Flow map">
      <h3 class="section-title">Flow map</h3>
      {tree ? (
        <ul class="map-tree">
          <Chain node={tree} />
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
