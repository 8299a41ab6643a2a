/**
 * `knowledge.evaluation` end to end against the real service: a question over an indexed
 * source, a run reporting its hit at k, the runs listed and read, the question deleted (a 204,
 * resolved with nothing), and the service's 400 and 404 for bad input as typed errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import { APIError, type KnowledgeSource, NotFoundError } from '../../../sdks/node/src/index.js';
import { eventually, startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
let client: Confab;
let sourceId: string;

test.before(async () => {
  h = await startSdkHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
  client = h.client();
  const source = await client.knowledge.sources.create({
    type: 'text',
    title: 'Gift wrapping',
    text: 'Gift wrapping costs two euros per parcel.',
  });
  sourceId = source.id;
  await eventually(
    'source ready',
    () => client.knowledge.sources.retrieve(sourceId),
    (s: KnowledgeSource) => s.status === 'ready',
  );
});
test.after(async () => h?.close());

async function refused(call: Promise<unknown>, status: number, named: string) {
  try {
    await call;
    assert.unreachable('resolved');
  } catch (err) {
    assert.instance(err, APIError);
    assert.is((err as APIError).status, status);
    assert.match((err as Error).message, named);
  }
}

test('questions and runs: added, run, listed, read, deleted', async () => {
  const evaluation = client.knowledge.evaluation;
  const question = await evaluation.questions.create({
    question: 'How much is gift wrapping?',
    expectedSourceIds: [sourceId],
    expectedFacts: ['two euros'],
  });
  assert.equal(
    [question.question, question.expectedSourceIds, question.expectedFacts],
    ['How much is gift wrapping?', [sourceId], ['two euros']],
  );
  assert.equal(
    (await evaluation.questions.list()).map((q) => q.id),
    [question.id],
  );

  const run = await evaluation.runs.create({ k: 3 });
  assert.equal(
    [run.k, run.chatbotId, run.questions, run.hits, run.hitRate, run.answerChecks],
    [3, null, 1, 1, 1, null],
  );
  assert.equal([run.results[0]!.rank, run.results[0]!.foundSourceIds], [1, [sourceId]]);
  assert.equal(await evaluation.runs.retrieve(run.id), run);
  const [listed] = await evaluation.runs.list();
  assert.is(listed!.id, run.id);
  assert.not.ok('results' in listed!);

  assert.is(await evaluation.questions.delete(question.id), undefined);
  assert.equal(await evaluation.questions.list(), []);
  await refused(evaluation.questions.delete(question.id), 404, 'not found');
});

test("bad input is the service's 4xx", async () => {
  const evaluation = client.knowledge.evaluation;
  await refused(evaluation.questions.create({ question: '', expectedSourceIds: [sourceId] }), 400, 'question');
  await refused(
    evaluation.questions.create({ question: 'Q?', expectedSourceIds: ['no-such-source'] }),
    404,
    'no-such-source',
  );
  await refused(evaluation.runs.create({ k: 99 }), 400, 'k');
  try {
    await evaluation.runs.retrieve('no-such-run');
    assert.unreachable('resolved');
  } catch (err) {
    assert.instance(err, NotFoundError);
  }
});

test.run();
