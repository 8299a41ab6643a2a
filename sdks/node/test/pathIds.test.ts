/**
 * Ids in paths, with a scripted fetch (no server): an id that cannot name anything (empty, not
 * a string, "." or "..") is refused with InvalidArgumentError before anything is sent, since
 * it would otherwise reach another endpoint (`chatbots.retrieve('')` is the list request,
 * `responses.retrieve(botId, '..')` the chatbot); other ids are escaped into one segment.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab, { ConfabError, InvalidArgumentError } from '../src/index.js';

function recordingClient() {
  const urls: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    urls.push(String(input));
    return new Response(JSON.stringify({ data: { id: 'x' }, message: 'ok', available: true, slug: 's' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { client: new Confab({ apiKey: 'k', baseURL: 'http://confab.test/api/v1', fetch, maxRetries: 0 }), urls };
}

function refused(call: () => unknown, pattern: RegExp): void {
  try {
    call();
  } catch (err) {
    assert.instance(err, InvalidArgumentError);
    assert.instance(err, ConfabError);
    assert.match((err as Error).message, pattern);
    return;
  }
  assert.unreachable('expected InvalidArgumentError');
}

const BAD_IDS: unknown[] = ['', '.', '..', undefined, null, 42, { id: 'x' }];

test('every method with an id refuses ids that cannot name anything, and sends nothing', () => {
  const { client, urls } = recordingClient();
  for (const bad of BAD_IDS) {
    const id = bad as string;
    refused(() => client.chatbots.retrieve(id), /\/chatbots\/\{…\}/);
    refused(() => client.chatbots.update(id, { name: 'x' }), /non-empty string/);
    refused(() => client.chatbots.delete(id), /non-empty string/);
    refused(() => client.chatbots.duplicate(id), /non-empty string/);
    refused(() => client.responses.list(id), /non-empty string/);
    refused(() => client.responses.retrieve('bot1', id), /Id 2 of \/chatbots\/\{…\}\/responses\/\{…\}/);
    refused(() => client.responses.retrieve(id, 'r1'), /Id 1 of/);
    refused(() => client.analytics.retrieve(id), /non-empty string/);
    refused(() => client.webhooks.update(id, { status: 'paused' }), /non-empty string/);
    refused(() => client.webhooks.delete(id), /non-empty string/);
    refused(() => client.workspace.slug.check(id), /check-slug/);
    refused(() => client.workspace.branding.retrievePublic(id), /public\/branding/);
  }
  assert.equal(urls, []);
  refused(() => client.chatbots.retrieve(''), /got ""/);
  refused(() => client.chatbots.retrieve(undefined as unknown as string), /got undefined/);
});

test('other ids are escaped into one path segment', async () => {
  const { client, urls } = recordingClient();
  await client.chatbots.retrieve('a/../usage');
  await client.responses.retrieve('bot 1', '...');
  await client.workspace.slug.check('acme?x=1');
  assert.equal(urls, [
    'http://confab.test/api/v1/external/v1/chatbots/a%2F..%2Fusage',
    'http://confab.test/api/v1/external/v1/chatbots/bot%201/responses/...',
    'http://confab.test/api/v1/workspace/check-slug/acme%3Fx%3D1',
  ]);
});

test('a client option that can never work is an InvalidArgumentError too', () => {
  refused(() => new Confab({ apiKey: 'k', maxRetries: -1 }), /maxRetries/);
});

test.run();
