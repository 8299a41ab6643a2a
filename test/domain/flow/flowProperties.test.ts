import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import {
  answerQuestion,
  resumeAfterAi,
  resumeAfterHttp,
  startFlow,
  type FlowRun,
} from '../../../domain/flow/flowInterpreter.js';
import { FlowError } from '../../../domain/flow/flowError.js';
import { parseFlow, type ParsedFlow } from '../../../domain/flow/flowParsing.js';

/*
 * Random flows of every step type. Steps that do not wait only point forward (or to the final
 * `fin` step) while questions and ai steps may point anywhere, so most flows are valid; those
 * parseFlow refuses (a variable read before any step sets it) are skipped, and the test checks
 * that enough remain.
 */
const BUILT_IN = 'who';
const VARIABLES = ['a', 'b', BUILT_IN];

const text = fc.constantFrom('Hi', 'Hi {{who}}', 'About {{a}}', '{{a}} and {{b}}');
const variable = fc.constantFrom('a', 'b');
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const input = fc.oneof(
  fc.record({ type: fc.constantFrom('text', 'email', 'phone', 'date', 'url', 'yesno') }),
  fc.record({ type: fc.constant('number'), min: maybe(fc.constantFrom(0, 10)), max: maybe(fc.constantFrom(100)) }),
  fc.record({ type: fc.constant('rating'), max: fc.constantFrom(5, 10) }),
);

function stepArb(i: number, ids: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const id = ids[i];
  const anywhere = fc.constantFrom(...ids, 'fin');
  const forward = fc.constantFrom(...ids.slice(i + 1), 'fin');
  const choice = fc
    .record({ multiple: fc.boolean(), nexts: fc.array(maybe(anywhere), { minLength: 1, maxLength: 3 }) })
    .map(({ multiple, nexts }) => ({
      type: 'choice',
      multiple,
      options: nexts.map((next, k) => ({
        label: `Option ${k}`,
        value: `o${k}`,
        ...(multiple || !next ? {} : { next }),
      })),
    }));
  const test = fc
    .record({
      variable: fc.constantFrom(...VARIABLES),
      op: fc.constantFrom('equals', 'not_equals', 'contains', 'starts_with', 'greater', 'less', 'is_set', 'is_empty'),
      value: fc.constantFrom('1', 'x', '{{who}}', ''),
    })
    .map((t) => (t.op === 'is_set' || t.op === 'is_empty' ? { variable: t.variable, op: t.op } : t));
  return fc.oneof(
    fc.record({ id: fc.constant(id), type: fc.constant('message'), text, next: maybe(forward) }),
    fc.record({
      id: fc.constant(id),
      type: fc.constant('question'),
      text,
      variable,
      input: fc
        .oneof(input, choice)
        .chain((i) => fc.record({ maxRetries: maybe(fc.integer({ min: 1, max: 3 })) }).map((r) => ({ ...i, ...r }))),
      next: maybe(anywhere),
      fallback: maybe(anywhere),
    }),
    fc.record({
      id: fc.constant(id),
      type: fc.constant('condition'),
      branches: fc.array(
        fc.record({
          when: fc.oneof(
            fc.array(test, { minLength: 1, maxLength: 2 }).map((all) => ({ all })),
            fc.array(test, { minLength: 1, maxLength: 2 }).map((any) => ({ any })),
          ),
          next: forward,
        }),
        { minLength: 1, maxLength: 3 },
      ),
      else: forward,
    }),
    fc.record({ id: fc.constant(id), type: fc.constant('set'), variable, value: text, next: maybe(forward) }),
    fc.record({ id: fc.constant(id), type: fc.constant('jump'), next: forward }),
    fc.record({
      id: fc.constant(id),
      type: fc.constant('http'),
      method: fc.constant('POST'),
      url: fc.constantFrom('https://api.example.com/x/{{who}}', 'https://api.example.com/y?a={{a}}'),
      body: fc.constantFrom({ q: '{{who}}' }, 'plain'),
      save: fc.constantFrom({ a: '$.a' }, { b: '$.list[1].b', a: '$' }),
      next: maybe(forward),
      onError: forward,
    }),
    fc.record({ id: fc.constant(id), type: fc.constant('handoff'), reason: fc.constant('stuck'), text: maybe(text) }),
    fc.record({ id: fc.constant(id), type: fc.constant('end'), resolution: fc.constantFrom('resolved', 'ended') }),
    fc.record({ id: fc.constant(id), type: fc.constant('ai'), next: maybe(anywhere) }),
  );
}

/** Drops the properties fast-check left undefined, as JSON would. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const rawFlow = fc.integer({ min: 1, max: 10 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => `s${i}`);
  return fc
    .tuple(...ids.map((_, i) => stepArb(i, ids)))
    .map((steps) => asJson({ start: 's0', steps: [...steps, { id: 'fin', type: 'end', resolution: 'resolved' }] }));
});

const answers = fc.array(
  fc.oneof(
    fc.constantFrom(
      'Option 0',
      'o1, o2',
      'yes',
      '42',
      '2026-03-31',
      'ann@example.com',
      '+49 30 123456',
      'example.com',
      '5',
      '  ',
    ),
    fc.string(),
  ),
  { maxLength: 30 },
);
const httpResult = fc.oneof(
  fc.record({ ok: fc.constant(false as const), reason: fc.constantFrom('timeout', 'refused') }),
  fc.record({ ok: fc.constant(true as const), status: fc.constantFrom(200, 204, 404, 500), json: fc.jsonValue() }),
);
const aiResult = fc.oneof(
  fc.record({ outcome: fc.constantFrom('resolved' as const, 'ended' as const) }),
  fc.record({ outcome: fc.constant('handoff' as const), reason: fc.constantFrom('visitor_request', 'turn_limit') }),
);

function tryParse(raw: unknown): ParsedFlow | null {
  try {
    return parseFlow(raw, { builtInVariables: [BUILT_IN] });
  } catch (err) {
    if (err instanceof FlowError) return null;
    throw err;
  }
}

const WAITS = new Set(['awaiting_answer', 'awaiting_http', 'awaiting_ai']);

test('random valid flows with random answers and results always stop at a wait, a handoff or an end', () => {
  let valid = 0;
  let runs = 0;
  fc.assert(
    fc.property(
      rawFlow,
      answers,
      fc.array(httpResult, { maxLength: 10 }),
      fc.array(aiResult, { maxLength: 10 }),
      (raw, texts, http, ai) => {
        runs++;
        const parsed = tryParse(raw);
        if (!parsed) return;
        valid++;
        const { flow } = parsed;
        const check = (run: FlowRun) => {
          assert.ok(WAITS.has(run.outcome.type) || run.outcome.type === 'handoff' || run.outcome.type === 'ended');
          // Without loops that skip the visitor, no step is passed twice between two waits.
          assert.ok(run.path.length <= flow.steps.length, `${run.path.length} steps in one call`);
          assert.is(run.state.finished, !WAITS.has(run.outcome.type));
          for (const value of Object.values(run.state.variables)) assert.type(value, 'string');
        };
        let run = startFlow(flow, { [BUILT_IN]: 'Ann' });
        check(run);
        for (let turn = 0; turn < 40 && WAITS.has(run.outcome.type); turn++) {
          if (run.outcome.type === 'awaiting_answer')
            run = answerQuestion(flow, run.state, texts[turn % Math.max(1, texts.length)] ?? 'x');
          else if (run.outcome.type === 'awaiting_http')
            run = resumeAfterHttp(flow, run.state, http[turn % Math.max(1, http.length)] ?? { ok: false, reason: 'x' });
          else run = resumeAfterAi(flow, run.state, ai[turn % Math.max(1, ai.length)] ?? { outcome: 'resolved' });
          check(run);
        }
      },
    ),
    { numRuns: 400 },
  );
  assert.ok(valid > runs / 4, `only ${valid} of ${runs} random flows were valid`);
});

test('random JSON is refused with a FlowError or accepted, never another exception', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.jsonValue(),
        rawFlow.chain((f) =>
          fc.jsonValue().map((j) => ({ ...(f as object), steps: [j, ...(f as { steps: unknown[] }).steps] })),
        ),
      ),
      (raw) => {
        tryParse(raw);
      },
    ),
    { numRuns: 300 },
  );
});

test.run();
