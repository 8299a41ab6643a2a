import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describeProviderError, providerMessage } from '../../../infrastructure/ai/providerErrorWords.js';

const KEY = 'sk-proj-SECRETSECRETSECRET';
const said = (status: number, message: string, code: string | null = null) =>
  APIError.generate(status, { error: { message, type: 'x', param: null, code } }, undefined, new Headers());
const words = (err: unknown, timeoutMs = 15_000) => describeProviderError(err, 'llm.example.com', KEY, timeoutMs);

test('each documented status in plain words', () => {
  assert.is(words(said(401, 'Incorrect API key provided: sk-proj-****RET')), 'The provider refused the API key (401)');
  assert.is(
    words(said(403, 'Project does not have access')),
    'The provider refused access with this API key (403): Project does not have access',
  );
  assert.match(words(said(404, 'Not found')), /no OpenAI-compatible API at this base URL \(404\)/);
  assert.match(words(said(429, 'Rate limit reached')), /limiting requests .*\(429\)/);
  assert.is(
    words(said(500, 'The server had an error')),
    'The provider answered with an error (500): The server had an error',
  );
  assert.is(words(said(503, '')), 'The provider answered with an error (503)');
});

test('network failures name the host and what happened', () => {
  const refused = new APIConnectionError({
    cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
  });
  assert.is(words(refused), 'Could not reach the provider at llm.example.com: the connection was refused');
  const odd = new APIConnectionError({ cause: Object.assign(new Error('x'), { code: 'EWEIRD' }) });
  assert.is(words(odd), 'Could not reach the provider at llm.example.com: EWEIRD');
  assert.is(words(new APIConnectionTimeoutError()), 'The provider at llm.example.com did not answer within 15 seconds');
});

test("the provider's message never repeats the key and stays short", () => {
  const echoed = said(500, `bad key ${KEY} and sk-abcdefghijklmnop`);
  const message = providerMessage(echoed, KEY);
  assert.not.ok(message.includes(KEY));
  assert.not.ok(message.includes('abcdefghijklmnop'));
  assert.ok(providerMessage(said(500, 'x'.repeat(1000)), KEY).length <= 201);
  assert.not.ok(words(echoed).includes(KEY));
});

test.run();
