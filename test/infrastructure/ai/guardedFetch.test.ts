import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI, { APIConnectionError } from 'openai';
import { createGuardedFetch } from '../../../infrastructure/ai/guardedFetch.js';
import { getTestCertificate } from '../../support/httpsReceiver.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';

let standIn: OpenAiStandIn;
// A public-looking name that resolves to this machine: what DNS rebinding looks like.
const resolver = async () => [{ address: '127.0.0.1', family: 4 }];
const viaName = () => standIn.baseUrl.replace('127.0.0.1', 'model.example.com');
const clientFor = (allowHosts: string[], baseURL = viaName()) =>
  new OpenAI({ apiKey: standIn.apiKey, baseURL, maxRetries: 0, fetch: createGuardedFetch({ allowHosts, resolver }) });

test.before(async () => {
  standIn = await startOpenAiStandIn();
});
test.after(async () => {
  await standIn.close();
});

test('a name that resolves to a private address is refused at connect time', async () => {
  try {
    await clientFor([]).models.list();
    assert.unreachable('refused');
  } catch (err) {
    assert.instance(err, APIConnectionError);
    assert.is(((err as Error).cause as { cause?: { code?: string } })?.cause?.code, 'EFORBIDDENADDRESS');
  }
  assert.is(standIn.requests.length, 0, 'nothing reached the server');
});

test('an allowed host: JSON answers and streams arrive whole through it', async () => {
  const client = clientFor(['model.example.com']);
  standIn.script({ kind: 'text', text: 'Through the guard.' }, { kind: 'text', text: 'Streamed through the guard.' });
  const answer = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'hi' }],
  });
  assert.is(answer.choices[0].message.content, 'Through the guard.');
  const stream = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
  });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  assert.is(text, 'Streamed through the guard.');
  assert.is(standIn.requests.at(-1)?.headers.host, `model.example.com:${new URL(standIn.baseUrl).port}`);
});

test('a redirect is answered as is, never followed', async () => {
  const redirecting = createServer((_req, res) => {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  });
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = redirecting.address() as AddressInfo;
    const guarded = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    const res = await guarded(`http://127.0.0.1:${port}/v1/models`);
    assert.is(res.status, 302);
    assert.is(res.headers.get('location'), 'http://169.254.169.254/latest/meta-data/');
  } finally {
    redirecting.close();
  }
});

test('https with a given certificate authority', async () => {
  const secure = await startOpenAiStandIn({ https: true });
  try {
    const client = new OpenAI({
      apiKey: secure.apiKey,
      baseURL: secure.baseUrl,
      maxRetries: 0,
      fetch: createGuardedFetch({ allowHosts: ['127.0.0.1'], certificateAuthority: getTestCertificate().certPem }),
    });
    assert.is((await client.models.retrieve('gpt-4o-mini')).id, 'gpt-4o-mini');
  } finally {
    await secure.close();
  }
});

test('an aborted call ends with the abort', async () => {
  standIn.script({ kind: 'delay', ms: 2000 });
  const guarded = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
  const controller = new AbortController();
  const pending = guarded(`${standIn.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${standIn.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [] }),
    signal: controller.signal,
  });
  setTimeout(() => controller.abort(), 50);
  const outcome = await pending.then(
    () => 'answered',
    (err: Error) => err.name,
  );
  assert.is(outcome, 'AbortError');
});

test.run();
