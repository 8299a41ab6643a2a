/**
 * The flow map's tree (web/dashboard/pages/chatbots/graph/flowOutline.ts): each step under the
 * way that leads to it, a step shown once and pointed back to after, unreachable steps apart.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FlowGraph } from '../../../../../../domain/flow/flowGraph.js';
import { type OutlineNode, flowOutline } from '../../../../../../web/dashboard/pages/chatbots/graph/flowOutline.js';

/** "via → id" lines, indented two spaces a level; "(above)" for a step already shown. */
function lines(node: OutlineNode, depth = 0): string[] {
  const self = `${'  '.repeat(depth)}${node.via ? `${node.via} → ` : ''}${node.id}${node.repeat ? ' (above)' : ''}`;
  return [self, ...node.children.flatMap((c) => lines(c, depth + 1))];
}

const GRAPH: FlowGraph = {
  start: 'ask',
  steps: [
    {
      id: 'ask',
      type: 'question',
      text: 'Topic?',
      variable: 'topic',
      input: {
        type: 'choice',
        options: [
          { label: 'Orders', value: 'orders', next: 'check' },
          { label: 'Other', value: 'other', next: 'agent' },
        ],
      },
      next: 'check',
      fallback: 'ask',
    },
    {
      id: 'check',
      type: 'condition',
      branches: [{ when: { all: [{ variable: 'topic', op: 'is_set' }] }, next: 'done' }],
      else: 'agent',
    },
    { id: 'done', type: 'end', resolution: 'resolved' },
    { id: 'agent', type: 'handoff', reason: 'r' },
    { id: 'orphan', type: 'message', text: 'Never', next: 'done' },
  ],
};

test('branches unfold under their way; joins and loops point back; unreachable steps come apart', () => {
  const { tree, unreached } = flowOutline(GRAPH);
  assert.ok(tree);
  assert.equal(lines(tree!), [
    'ask',
    '  Answer "Orders" → check',
    '    If topic is set → done',
    '    Else → agent',
    '  Answer "Other" → agent (above)',
    '  Other answers → check (above)',
    '  No valid answer → ask (above)',
  ]);
  assert.equal(unreached, ['orphan']);
});

test('an unchosen way is left out, and a start that names no step gives no tree', () => {
  const { tree } = flowOutline({ start: 'j', steps: [{ id: 'j', type: 'jump', next: '' }] });
  assert.equal(tree, { id: 'j', type: 'jump', via: null, repeat: false, children: [] });
  assert.equal(flowOutline({ start: 'x', steps: [{ id: 'a', type: 'end', resolution: 'ended' }] }), {
    tree: null,
    unreached: ['a'],
  });
});

test.run();
