import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffFlows } from '../../../domain/flow/flowDiff.js';
import { parseFlow } from '../../../domain/flow/flowParsing.js';
import { supportFlow } from './sampleFlows.js';

const graph = (raw: unknown) => parseFlow(raw).flow;

test('the same flow has no differences, whatever the order of keys or steps', () => {
  const a = supportFlow();
  const b = supportFlow();
  b.steps.reverse();
  b.steps[0] = Object.fromEntries(Object.entries(b.steps[0]!).reverse());
  assert.equal(diffFlows(graph(a), graph(b)), { added: [], removed: [], changed: [], startChanged: false });
});

test('added, removed and changed steps are named by id', () => {
  const before = supportFlow();
  const after = supportFlow();
  const welcome = after.steps.find((s) => s.id === 'welcome')!;
  welcome.text = 'Hello there!';
  welcome.next = 'intro';
  after.steps.push({ id: 'intro', type: 'message', text: 'I answer questions.', next: 'ask_name' });
  before.steps.push({ id: 'old', type: 'message', text: 'Never reached' });
  const diff = diffFlows(graph(before), graph(after));
  assert.equal(diff, { added: ['intro'], removed: ['old'], changed: ['welcome'], startChanged: false });
});

test('list flows compare by their generated ids', () => {
  const a = graph({ steps: [{ type: 'message', text: 'Hi' }] });
  const b = graph({
    steps: [
      { type: 'message', text: 'Hello' },
      { type: 'question', text: 'Name?', variable: 'name' },
    ],
  });
  assert.equal(diffFlows(a, b), { added: ['step-2'], removed: [], changed: ['step-1'], startChanged: false });
});

test.run();
