import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { DEFAULT_FLOW, type Flow } from '../../../domain/chatbot/flow.js';
import { walkFlow } from '../../../domain/conversation/flowWalk.js';
import { answerQuestion, startFlow, type FlowRun } from '../../../domain/flow/flowInterpreter.js';
import { parseFlow } from '../../../domain/flow/flowParsing.js';

/** What walking a list flow shows the visitor: each turn's replies and how it stops. */
type Turn = { replies: string[]; outcome: string; awaiting: string | null };

/** The chatbot flows' walk, answering each question with the next answer. */
function walked(flow: Flow, answers: readonly string[]): Turn[] {
  const stored: Record<string, string> = {};
  const turns: Turn[] = [];
  let walk = walkFlow(flow, 0, stored);
  for (let i = 0; ; i++) {
    turns.push({
      replies: walk.replies,
      outcome: walk.outcome,
      awaiting: walk.awaiting === null ? null : `step-${walk.awaiting + 1}`,
    });
    if (walk.outcome !== 'question' || i >= answers.length) return turns;
    const step = flow.steps[walk.awaiting!] as { variable: string };
    stored[step.variable] = answers[i];
    walk = walkFlow(flow, walk.awaiting! + 1, stored);
  }
}

const OUTCOMES: Record<FlowRun['outcome']['type'], string> = {
  awaiting_answer: 'question',
  handoff: 'handoff',
  ended: 'end',
  awaiting_http: 'http?',
  awaiting_ai: 'ai?',
};

/** The same list flow read as a graph and run by the interpreter. */
function interpreted(flow: Flow, answers: readonly string[]): Turn[] {
  const graph = parseFlow(flow).flow;
  const turns: Turn[] = [];
  let run = startFlow(graph);
  for (let i = 0; ; i++) {
    const awaiting = run.outcome.type === 'awaiting_answer' ? run.outcome.stepId : null;
    turns.push({ replies: run.replies.map((r) => r.text), outcome: OUTCOMES[run.outcome.type], awaiting });
    if (awaiting === null || i >= answers.length) return turns;
    run = answerQuestion(graph, run.state, answers[i]);
  }
}

test('the default flow walks as it always has', () => {
  const answers = ['Ann', 'ann@example.com'];
  assert.equal(interpreted(DEFAULT_FLOW, answers), walked(DEFAULT_FLOW, answers));
  assert.equal(interpreted(DEFAULT_FLOW, answers).at(-1), {
    replies: ['Thank you, Ann! We will be in touch soon.'],
    outcome: 'end',
    awaiting: null,
  });
});

test('a handoff stops the walk with its text and the reason handoff', () => {
  const flow: Flow = {
    steps: [
      { type: 'question', text: 'Q {{a}}', variable: 'a' },
      { type: 'handoff', text: 'Bye {{a}}' },
      { type: 'message', text: 'never said' },
    ],
  };
  assert.equal(interpreted(flow, ['x']), walked(flow, ['x']));
  const { flow: graph, warnings } = parseFlow(flow);
  assert.equal(
    warnings.map((w) => [w.stepId, w.code]),
    [['step-3', 'UNREACHABLE_STEP']],
  );
  const run = answerQuestion(graph, startFlow(graph).state, 'x');
  assert.equal(run.outcome, { type: 'handoff', reason: 'handoff' });
  assert.equal(run.replies, [{ stepId: 'step-2', text: 'Bye x' }]);
});

// Texts that read the list's variables, or names nobody sets; answers as the chat API passes
// them on (trimmed, not blank).
const variableName = fc.constantFrom('a', 'b', 'name', 'toString');
const stepText = fc.oneof(
  fc.constantFrom('Hi', 'Hi {{a}}', '{{ b }} and {{name}}', '{{missing}}!', '{{toString}}'),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && !/[\u0000-\u001f\u007f-\u009f]/.test(s)),
);
const listStep = fc.oneof(
  fc.record({ type: fc.constant('message' as const), text: stepText }),
  fc.record({
    type: fc.constant('question' as const),
    text: stepText,
    variable: variableName.filter((v) => v !== 'toString'),
  }),
  fc.record({ type: fc.constant('handoff' as const), text: stepText }),
);
const answer = fc.oneof(
  fc.constantFrom('Ann', '{{a}}', 'ann@example.com'),
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map((s) => s.trim())
    .filter((s) => s !== ''),
);

test('any list flow walks exactly as the chatbot flows walk it', () => {
  fc.assert(
    fc.property(
      fc.array(listStep, { minLength: 1, maxLength: 12 }),
      fc.array(answer, { maxLength: 12 }),
      (steps, answers) => {
        const flow: Flow = { steps };
        assert.equal(interpreted(flow, answers), walked(flow, answers));
      },
    ),
    { numRuns: 300 },
  );
});

test.run();
