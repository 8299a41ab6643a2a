/**
 * The embedding port against the stand-in provider: batches of 64 in order, unit vectors, the
 * retries of a 429 or 5xx within the budget, failures as a kind and words without the key, and
 * the guarded fetch (a private address only when LLM_ALLOW_HOSTS lists it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createEmbeddingModel, EMBEDDING_BATCH, unitVector } from '../../../infrastructure/ai/embeddingModel.js';
import { standInEmbedding, startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';

let standIn: OpenAiStandIn;
const model = () => createEmbeddingModel({ allowHosts: ['127.0.0.1'], timeoutMs: 2000 });
const call = (inputs: string[], extra: Record<string, unknown> = {}) => ({
  baseUrl: standIn.baseUrl,
  apiKey: standIn.apiKey,
  model: 'text-embedding-3-small',
  inputs,
  ...extra,
});
const embeddingRequests = () => standIn.requests.filter((r) => r.path === '/embeddings');

test.before(async () => {
  standIn = await startOpenAiStandIn();
});
test.after(async () => {
  await standIn.close();
});
test.before.each(() => {
  standIn.requests.length = 0;
});

test('inputs go in batches of 64 and come back in order as unit vectors, with the tokens used', async () => {
  const inputs = Array.from({ length: EMBEDDING_BATCH * 2 + 5 }, (_, i) => `passage number ${i} about tents`);
  const result = await model().embed(call(inputs));
  assert.ok(result.ok);
  if (!result.ok) return;
  assert.equal(
    embeddingRequests().map((r) => r.body.input.length),
    [64, 64, 5],
  );
  assert.is(result.vectors.length, inputs.length);
  assert.ok(result.tokens > 0);
  for (const i of [0, 70, 132]) {
    const expected = unitVector(standInEmbedding(inputs[i]!));
    assert.ok(
      result.vectors[i]!.every((v, d) => Math.abs(v - expected[d]!) < 1e-6),
      `vector ${i} is its input's`,
    );
  }
  const norm = Math.sqrt(result.vectors[3]!.reduce((n, v) => n + v * v, 0));
  assert.ok(Math.abs(norm - 1) < 1e-5);
});

test('a 429 and a 5xx are tried again as Retry-After says; a 401 is not', async () => {
  standIn.scriptEmbeddings({ kind: 'error', status: 429, retryAfterSeconds: 0 }, { kind: 'error', status: 503 });
  const retried = await model().embed(call(['hello']));
  assert.ok(retried.ok);
  assert.is(embeddingRequests().length, 3);

  standIn.requests.length = 0;
  standIn.scriptEmbeddings({ kind: 'error', status: 401 });
  const refused = await model().embed(call(['hello']));
  assert.is(embeddingRequests().length, 1);
  assert.not.ok(refused.ok);
  if (refused.ok) return;
  assert.is(refused.error, 'provider_error');
  assert.not.match(refused.detail, standIn.apiKey);
});

test('three 500s in a row: a failure, after the first try and two retries', async () => {
  const error = { kind: 'error', status: 500 } as const;
  standIn.scriptEmbeddings(error, error, error);
  const result = await model().embed(call(['hello']));
  assert.not.ok(result.ok);
  assert.is(embeddingRequests().length, 3);
  if (!result.ok) assert.is(result.error, 'provider_error');
});

test('an answer that is not embeddings is malformed; a provider that stalls is cut at the budget', async () => {
  standIn.scriptEmbeddings({ kind: 'malformed' });
  const malformed = await model().embed(call(['hello']));
  assert.not.ok(malformed.ok);
  if (!malformed.ok) assert.is(malformed.error, 'malformed_answer');

  standIn.scriptEmbeddings({ kind: 'delay', ms: 1500 });
  const started = Date.now();
  const slow = await model().embed(call(['hello'], { timeoutMs: 300 }));
  assert.not.ok(slow.ok);
  if (!slow.ok) assert.is(slow.error, 'timeout');
  assert.ok(Date.now() - started < 1200, 'the budget, not the provider, ended the call');
});

test('an unknown model fails with the words of the provider; a private address needs LLM_ALLOW_HOSTS', async () => {
  const unknown = await model().embed(call(['x'], { model: 'no-such-model' }));
  assert.not.ok(unknown.ok);
  if (!unknown.ok)
    assert.match(
      unknown.detail,
      /has no embedding model no-such-model \(404\): The model `no-such-model` does not exist/,
    );

  standIn.requests.length = 0;
  // A public-looking name that resolves to this machine (DNS rebinding): refused at connect time.
  const resolver = async () => [{ address: '127.0.0.1', family: 4 }];
  const guarded = await createEmbeddingModel({ allowHosts: [], resolver }).embed(
    call(['x'], { baseUrl: standIn.baseUrl.replace('127.0.0.1', 'model.example.com') }),
  );
  assert.not.ok(guarded.ok);
  if (!guarded.ok) assert.is(guarded.error, 'unreachable');
  assert.is(standIn.requests.length, 0, 'nothing reached the provider');
});

test('no input, no call', async () => {
  const result = await model().embed(call([]));
  assert.ok(result.ok);
  assert.is(embeddingRequests().length, 0);
});

test.run();
