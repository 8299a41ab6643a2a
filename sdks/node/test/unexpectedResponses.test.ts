/**
 * Success statuses with a body the endpoint never answers, from a scripted fetch (no server):
 * an empty body, HTML, `{"foo":1}` where `{data}` was expected, a page without its array, a
 * bare JSON endpoint answering an array. Each is an UnexpectedResponseError (an APIError) with
 * the answer's status and request id, thrown at once (not retried), never `undefined` or a
 * TypeError in the caller's code.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { APIError, ConfabError, UnexpectedResponseError } from '../src/index.js';

function answering(status: number, body: string) {
  let sent = 0;
  const fetch = (async () => {
    sent += 1;
    return new Response(body, {
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': `req-${sent}` },
    });
  }) as unknown as typeof globalThis.fetch;
  const client = new Confab({ apiKey: 'k', baseURL: 'http://confab.test/api/v1', fetch });
  return { client, sent: () => sent };
}

async function unexpected(call: Promise<unknown>, status: number, pattern: RegExp): Promise<UnexpectedResponseError> {
  try {
    const value = await call;
    assert.unreachable(`resolved with ${JSON.stringify(value)}`);
  } catch (err) {
    assert.instance(err, UnexpectedResponseError);
    assert.instance(err, APIError);
    assert.instance(err, ConfabError);
    const e = err as UnexpectedResponseError;
    assert.equal([e.status, e.requestId, e.name], [status, 'req-1', 'UnexpectedResponseError']);
    assert.match(e.message, pattern);
    return e;
  }
  throw new Error('unreachable');
}

test('an empty 200 body where {data} was expected', async () => {
  const { client, sent } = answering(200, '');
  await unexpected(client.chatbots.retrieve('b1'), 200, /empty/);
  assert.is(sent(), 1, 'not retried');
});

test('a JSON object without data, with data null, or an array', async () => {
  const e = await unexpected(answering(200, '{"foo":1}').client.chatbots.retrieve('b1'), 200, /expected \{data/);
  assert.equal(e.error, { foo: 1 });
  await unexpected(answering(200, '{"data":null}').client.usage.retrieve(), 200, /expected \{data/);
  await unexpected(answering(201, '[1,2]').client.chatbots.create({ name: 'x' }), 201, /got an array/);
  await unexpected(answering(200, 'null').client.account.retrieve(), 200, /got null/);
  await unexpected(answering(200, '{"foo":1}').client.webhooks.list(), 200, /expected \{data/);
});

test("a body that is not JSON (a proxy's login page) keeps its text", async () => {
  const e = await unexpected(answering(200, '<html>proxy login</html>').client.chatbots.list(), 200, /not JSON/);
  assert.is(e.error, '<html>proxy login</html>');
});

test('a page without its data array, for await included', async () => {
  await unexpected(
    Promise.resolve(answering(200, '{"data":{},"total":1,"page":1,"totalPages":1}').client.responses.list('b1')),
    200,
    /page/,
  );
  const { client } = answering(200, '{"total":1}');
  await unexpected(
    (async () => {
      for await (const r of client.responses.list('b1')) void r;
    })(),
    200,
    /page/,
  );
});

test('a delete must answer an object ({message})', async () => {
  await unexpected(answering(200, '').client.chatbots.delete('b1'), 200, /empty/);
  await unexpected(answering(200, '"deleted"').client.webhooks.delete('w1'), 200, /got string/);
});

test('the bare JSON workspace endpoints: any object is fine, anything else is not', async () => {
  assert.equal(await answering(200, '{"available":true,"slug":"acme"}').client.workspace.slug.check('acme'), {
    available: true,
    slug: 'acme',
  });
  await unexpected(answering(200, '[]').client.workspace.slug.check('acme'), 200, /got an array/);
  await unexpected(answering(200, '').client.workspace.adAnalytics.retrieve(), 200, /empty/);
  await unexpected(answering(200, '42').client.workspace.branding.retrievePublic('acme'), 200, /got number/);
});

test('a delete answered 204 resolves with nothing; the same delete with a body is unexpected', async () => {
  const empty = new Confab({
    apiKey: 'k',
    baseURL: 'http://confab.test/api/v1',
    fetch: (async () => new Response(null, { status: 204 })) as unknown as typeof globalThis.fetch,
  });
  assert.is(await empty.knowledge.evaluation.questions.delete('q1'), undefined);
  await unexpected(
    answering(200, '{"message":"ok"}').client.knowledge.evaluation.questions.delete('q1'),
    200,
    /no body/,
  );
});

test.run();
