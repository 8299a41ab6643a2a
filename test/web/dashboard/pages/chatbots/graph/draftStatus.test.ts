/** How many changes the draft has over the live version (web/dashboard/pages/chatbots/graph/draftStatus.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FlowGraph } from '../../../../../../domain/flow/flowGraph.js';
import { unpublishedChanges } from '../../../../../../web/dashboard/pages/chatbots/graph/draftStatus.js';

const list = { steps: [{ type: 'message' as const, text: 'Hi' }] };

test('a list read as its chain: the same steps are no change, each step added or changed is one', () => {
  const same: FlowGraph = { start: 'step-1', steps: [{ id: 'step-1', type: 'message', text: 'Hi' }] };
  assert.is(unpublishedChanges(list, same), 0);
  const grown: FlowGraph = {
    start: 'step-1',
    steps: [
      { id: 'step-1', type: 'message', text: 'Hi', next: 'bye' },
      { id: 'bye', type: 'end', resolution: 'resolved' },
    ],
  };
  assert.is(unpublishedChanges(list, grown), 2);
});

test('a moved start counts, and blank optional texts the draft will not send do not', () => {
  const live: FlowGraph = {
    start: 'a',
    steps: [
      { id: 'a', type: 'message', text: 'A', next: 'b' },
      { id: 'b', type: 'end', resolution: 'resolved' },
    ],
  };
  const draft: FlowGraph = {
    start: 'b',
    steps: [
      { id: 'a', type: 'message', text: 'A', next: 'b' },
      { id: 'b', type: 'end', text: '', resolution: 'resolved' },
    ],
  };
  assert.is(unpublishedChanges(live, draft), 1);
});

test('a live version that no longer reads gives no count rather than an error', () => {
  const broken = { start: 'a', steps: [{ id: 'a', type: 'message', text: 'Hi', next: 'gone' }] } as FlowGraph;
  assert.is(unpublishedChanges(broken, broken), null);
});

test.run();
