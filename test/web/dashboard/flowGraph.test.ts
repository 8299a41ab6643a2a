/**
 * Which flows the dashboard treats as branching (web/dashboard/pages/chatbots/flowGraph.ts), and
 * the read-only rows it shows for one: every step's text and every way on, with its target.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ChatbotDetail } from '../../../web/dashboard/pages/chatbots/chatbotApi.js';
import { conditionText, graphStepRows, isGraphFlow } from '../../../web/dashboard/pages/chatbots/flowGraph.js';

type AnyFlow = ChatbotDetail['data']['flow'];
const flow = (x: unknown) => x as AnyFlow;

test('a list flow is not a graph; a start, a step id or a graph-only type makes one', () => {
  assert.not.ok(isGraphFlow(flow({ steps: [{ type: 'message', text: 'Hi' }] })));
  assert.not.ok(isGraphFlow(flow({ steps: [] })));
  assert.ok(isGraphFlow(flow({ start: 'a', steps: [{ id: 'a', type: 'message', text: 'Hi' }] })));
  assert.ok(isGraphFlow(flow({ steps: [{ id: 'a', type: 'message', text: 'Hi' }] })));
  assert.ok(isGraphFlow(flow({ steps: [{ type: 'end', text: 'Bye', resolution: 'resolved' }] })));
});

test('every way on is listed with its target: options, branches, else, fallback, onError, next', () => {
  const rows = graphStepRows(
    flow({
      start: 'ask',
      steps: [
        { id: 'hello', type: 'message', text: 'Hi', next: 'ask' },
        {
          id: 'ask',
          type: 'question',
          text: 'Topic?',
          variable: 'topic',
          input: {
            type: 'choice',
            options: [
              { label: 'Orders', value: 'order', next: 'lookup' },
              { label: 'Other', value: 'other' },
            ],
          },
          next: 'check',
          fallback: 'agent',
        },
        { id: 'lookup', type: 'http', method: 'GET', url: 'https://x.example/{{topic}}', onError: 'agent' },
        {
          id: 'check',
          type: 'condition',
          branches: [{ when: { any: [{ variable: 'topic', op: 'equals', value: 'other' }] }, next: 'agent' }],
          else: 'done',
        },
        { id: 'done', type: 'end', resolution: 'resolved' },
        { id: 'agent', type: 'handoff', text: 'A person will help.', reason: 'asked' },
      ],
    }),
  );
  assert.equal(
    rows.map((r) => [r.id, r.type, r.text, r.isStart]),
    [
      ['hello', 'message', 'Hi', false],
      ['ask', 'question', 'Topic?', true],
      ['lookup', 'http', 'GET https://x.example/{{topic}}', false],
      ['check', 'condition', null, false],
      ['done', 'end', null, false],
      ['agent', 'handoff', 'A person will help.', false],
    ],
  );
  assert.equal(rows[0]!.routes, [{ when: 'next', target: 'ask' }]);
  assert.equal(rows[1]!.routes, [
    { when: 'answer "Orders"', target: 'lookup' },
    { when: 'other answers', target: 'check' },
    { when: 'no valid answer', target: 'agent' },
  ]);
  assert.equal(rows[2]!.routes, [{ when: 'on error', target: 'agent' }]);
  assert.equal(rows[3]!.routes, [
    { when: 'if topic equals "other"', target: 'agent' },
    { when: 'else', target: 'done' },
  ]);
  assert.equal(rows[4]!.routes, []);
  assert.equal(
    rows.map((r) => r.ending),
    [null, null, null, null, 'The conversation ends (resolved).', 'Hands the conversation to a person (asked).'],
  );
  assert.is(
    graphStepRows(flow({ steps: [{ id: 'a', type: 'message', text: 'Hi' }] }))[0]!.ending,
    'The conversation ends here.',
  );
});

test('conditions read as words, tests without a value have none', () => {
  assert.is(
    conditionText({
      all: [
        { variable: 'n', op: 'greater', value: '3' },
        { variable: 'email', op: 'is_set' },
      ],
    }),
    'n is greater than "3" and email is set',
  );
  assert.is(conditionText({ any: [{ variable: 'a', op: 'not_equals', value: 'b' }] }), 'a is not "b"');
});

test.run();
