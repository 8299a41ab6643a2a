/**
 * The stand-in's contract: the official `openai` client reads every answer it gives as it
 * reads a real provider's, and its errors surface as the client's typed errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import OpenAI, {
  APIConnectionError,
  AuthenticationError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from 'openai';
import { getTestCertificate } from './httpsReceiver.js';
import { STAND_IN_DIMENSIONS, startOpenAiStandIn, type OpenAiStandIn } from './openAiStandIn.js';

let standIn: OpenAiStandIn;
let client: OpenAI;

test.before(async () => {
  standIn = await startOpenAiStandIn();
  client = new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.baseUrl, maxRetries: 0 });
});
test.after(async () => {
  await standIn.close();
});
test.before.each(() => {
  standIn.requests.length = 0;
});

test('a JSON chat completion: the text, the finish reason and the usage', async () => {
  standIn.script({ kind: 'text', text: 'Hi there!', usage: { promptTokens: 12, completionTokens: 3 } });
  const answer = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hello' },
    ],
  });
  assert.is(answer.object, 'chat.completion');
  assert.is(answer.choices[0].message.content, 'Hi there!');
  assert.is(answer.choices[0].message.role, 'assistant');
  assert.is(answer.choices[0].finish_reason, 'stop');
  assert.equal(answer.usage, { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
  // Recorded as sent, with the key as a bearer token.
  assert.is(standIn.requests[0].path, '/chat/completions');
  assert.is(standIn.requests[0].headers.authorization, `Bearer ${standIn.apiKey}`);
  assert.equal(standIn.requests[0].body.messages[1], { role: 'user', content: 'Hello' });
});

test('a JSON answer with a tool call', async () => {
  standIn.script({ kind: 'toolCalls', calls: [{ name: 'handoff', arguments: { reason: 'policy', summary: 'x' } }] });
  const answer = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'A person please' }],
    tools: [{ type: 'function', function: { name: 'handoff', parameters: { type: 'object' } } }],
  });
  const choice = answer.choices[0];
  assert.is(choice.finish_reason, 'tool_calls');
  const call = choice.message.tool_calls?.[0];
  assert.ok(call && call.type === 'function');
  if (call?.type !== 'function') return;
  assert.is(call.function.name, 'handoff');
  assert.equal(JSON.parse(call.function.arguments), { reason: 'policy', summary: 'x' });
  assert.match(call.id, /^call_/);
});

test('a streamed answer: content pieces in order, then the usage chunk, then the end', async () => {
  standIn.script({ kind: 'text', text: 'Streaming works fine.' });
  const stream = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Hello' }],
    stream: true,
    stream_options: { include_usage: true },
  });
  let text = '';
  let finish: string | null = null;
  let usage: OpenAI.CompletionUsage | null | undefined;
  let pieces = 0;
  for await (const chunk of stream) {
    assert.is(chunk.object, 'chat.completion.chunk');
    const choice = chunk.choices[0];
    if (choice?.delta.content) {
      text += choice.delta.content;
      pieces += 1;
    }
    if (choice?.finish_reason) finish = choice.finish_reason;
    if (chunk.usage) usage = chunk.usage;
  }
  assert.is(text, 'Streaming works fine.');
  assert.ok(pieces > 1, 'the text arrives in several pieces');
  assert.is(finish, 'stop');
  assert.ok(
    usage && usage.total_tokens === usage.prompt_tokens + usage.completion_tokens && usage.completion_tokens > 0,
  );
});

test('a streamed tool call: the client assembles the deltas into the whole call', async () => {
  standIn.script({
    kind: 'toolCalls',
    calls: [{ name: 'end_conversation', arguments: { resolution: 'resolved' }, id: 'call_fixed' }],
  });
  const runner = client.chat.completions.stream({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Thanks, bye' }],
    stream_options: { include_usage: true },
    tools: [{ type: 'function', function: { name: 'end_conversation', parameters: { type: 'object' } } }],
  });
  const final = await runner.finalChatCompletion();
  const call = final.choices[0].message.tool_calls?.[0];
  assert.ok(call?.type === 'function');
  if (call?.type !== 'function') return;
  assert.is(call.id, 'call_fixed');
  assert.is(call.function.name, 'end_conversation');
  assert.equal(JSON.parse(call.function.arguments), { resolution: 'resolved' });
  assert.is(final.choices[0].finish_reason, 'tool_calls');
  assert.ok((final.usage?.total_tokens ?? 0) > 0);
  assert.is(standIn.requests[0].body.stream, true);
});

test('a cut stream ends the iteration with an error instead of a whole answer', async () => {
  standIn.script({ kind: 'cutStream', afterChunks: 2, reply: { kind: 'text', text: 'This will never be finished' } });
  const stream = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Hello' }],
    stream: true,
  });
  let text = '';
  let failed = false;
  try {
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  } catch {
    failed = true;
  }
  assert.ok(failed, 'the client noticed the cut');
  assert.ok(text.length < 'This will never be finished'.length);
});

test('models: the list and one model', async () => {
  const page = await client.models.list();
  assert.equal(
    page.data.map((m) => m.id),
    standIn.models,
  );
  const one = await client.models.retrieve('gpt-4o-mini');
  assert.equal(one, { id: 'gpt-4o-mini', object: 'model', created: 1_700_000_000, owned_by: 'stand-in' });
});

test('embeddings: the documented list, one vector per input, decoded from base64 as the client asks by default', async () => {
  const answer = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['alpha', 'beta'] });
  assert.is(answer.object, 'list');
  assert.is(answer.model, 'text-embedding-3-small');
  assert.equal(
    answer.data.map((d) => [d.object, d.index]),
    [
      ['embedding', 0],
      ['embedding', 1],
    ],
  );
  assert.is(answer.data[0].embedding.length, STAND_IN_DIMENSIONS);
  assert.ok(answer.usage.prompt_tokens > 0);
  assert.is(answer.usage.total_tokens, answer.usage.prompt_tokens);
  assert.ok(answer.data[0].embedding.every((v) => typeof v === 'number' && v >= -1 && v <= 1));
  assert.not.equal(answer.data[0].embedding, answer.data[1].embedding);
  assert.is(standIn.requests[0].body.encoding_format, 'base64');
  const asFloats = await client.embeddings.create({
    model: 'text-embedding-3-small',
    input: 'alpha',
    encoding_format: 'float',
  });
  assert.equal(asFloats.data[0].embedding, answer.data[0].embedding);
  const small = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'alpha', dimensions: 16 });
  assert.is(small.data[0].embedding.length, 16);
});

test('embeddings: deterministic, length 1, near for texts sharing words and at 0 for texts sharing none', async () => {
  const texts = [
    'Refunds are paid back to the original card within five days',
    'How long until my refund is paid back to my card?',
    'Our warehouse ships parcels from Rotterdam',
  ];
  const { data } = await client.embeddings.create({ model: 'text-embedding-3-small', input: texts });
  const again = await client.embeddings.create({ model: 'text-embedding-3-small', input: texts });
  assert.equal(again.data[0].embedding, data[0].embedding);
  const dot = (a: number[], b: number[]) => a.reduce((n, v, i) => n + v * b[i]!, 0);
  assert.ok(Math.abs(dot(data[0].embedding, data[0].embedding) - 1) < 1e-5);
  const near = dot(data[0].embedding, data[1].embedding);
  const far = dot(data[0].embedding, data[2].embedding);
  assert.ok(near > 0.4, `related texts: ${near}`);
  assert.ok(Math.abs(far) < 0.2, `unrelated texts: ${far}`);
});

test('embeddings: an unknown model is a NotFoundError, a scripted error the typed error', async () => {
  try {
    await client.embeddings.create({ model: 'no-such-embedder', input: 'x' });
    assert.unreachable('should have failed');
  } catch (err) {
    assert.instance(err, NotFoundError);
  }
  standIn.scriptEmbeddings({ kind: 'error', status: 429, retryAfterSeconds: 1 });
  try {
    await client.embeddings.create({ model: 'text-embedding-3-small', input: 'x' });
    assert.unreachable('should have failed');
  } catch (err) {
    assert.instance(err, RateLimitError);
  }
  const after = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'x' });
  assert.is(after.data.length, 1, 'a scripted reply answers one request');
});

test('a wrong key is an AuthenticationError with the documented body', async () => {
  const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: standIn.baseUrl, maxRetries: 0 });
  try {
    await wrong.models.list();
    assert.unreachable('should have failed');
  } catch (err) {
    assert.instance(err, AuthenticationError);
    const e = err as AuthenticationError;
    assert.is(e.status, 401);
    assert.is(e.code, 'invalid_api_key');
    assert.is(e.type, 'invalid_request_error');
  }
});

test('an unknown model is a NotFoundError with code model_not_found, on retrieve and on a completion', async () => {
  for (const call of [
    () => client.models.retrieve('gpt-nonexistent'),
    () => client.chat.completions.create({ model: 'gpt-nonexistent', messages: [{ role: 'user', content: 'x' }] }),
  ]) {
    try {
      await call();
      assert.unreachable('should have failed');
    } catch (err) {
      assert.instance(err, NotFoundError);
      assert.is((err as NotFoundError).code, 'model_not_found');
    }
  }
});

test('a scripted 429 is a RateLimitError carrying Retry-After, and the client honours it on retry', async () => {
  standIn.script({ kind: 'error', status: 429, retryAfterSeconds: 7 });
  try {
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });
    assert.unreachable('should have failed');
  } catch (err) {
    assert.instance(err, RateLimitError);
    assert.is((err as RateLimitError).headers.get('retry-after'), '7');
    assert.is((err as RateLimitError).code, 'rate_limit_exceeded');
  }
  // With retries on, a short Retry-After is waited for and the next reply is taken.
  standIn.script({ kind: 'error', status: 429, retryAfterSeconds: 0 }, { kind: 'text', text: 'after the wait' });
  const retrying = new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.baseUrl, maxRetries: 1 });
  const answer = await retrying.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'x' }],
  });
  assert.is(answer.choices[0].message.content, 'after the wait');
});

test('a scripted 500 is an InternalServerError', async () => {
  standIn.script({ kind: 'error', status: 500 });
  try {
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });
    assert.unreachable('should have failed');
  } catch (err) {
    assert.instance(err, InternalServerError);
    assert.is((err as InternalServerError).type, 'server_error');
  }
});

test('a delay longer than the client timeout is an APIConnectionError (timeout)', async () => {
  standIn.script({ kind: 'delay', ms: 300, then: { kind: 'text', text: 'too late' } });
  const impatient = new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.baseUrl, maxRetries: 0, timeout: 50 });
  try {
    await impatient.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });
    assert.unreachable('should have failed');
  } catch (err) {
    assert.instance(err, APIConnectionError);
  }
});

test('over https with the test certificate', async () => {
  const secure = await startOpenAiStandIn({ https: true });
  try {
    assert.match(secure.baseUrl, /^https:\/\/127\.0\.0\.1:\d+\/v1$/);
    const { Agent } = await import('node:https');
    const tlsClient = new OpenAI({
      apiKey: secure.apiKey,
      baseURL: secure.baseUrl,
      maxRetries: 0,
      fetch: httpsFetch(new Agent({ ca: getTestCertificate().certPem })),
    });
    const page = await tlsClient.models.list();
    assert.ok(page.data.length > 0);
  } finally {
    await secure.close();
  }
});

/** A fetch over node:https with a given agent (the global fetch takes no CA of its own). */
function httpsFetch(agent: import('node:https').Agent): typeof fetch {
  return async (input, init) => {
    const { request } = await import('node:https');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    return new Promise<Response>((resolve, reject) => {
      const req = request(
        url,
        { method: init?.method ?? 'GET', headers: Object.fromEntries(headers), agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve(
              new Response(Buffer.concat(chunks), {
                status: res.statusCode ?? 0,
                headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]),
              }),
            ),
          );
        },
      );
      req.on('error', reject);
      req.end(typeof init?.body === 'string' ? init.body : undefined);
    });
  };
}

test.run();
