/**
 * client.chat end to end against the real service (in-process) and the stand-in model: a
 * session started, a flow's replies sent whole, an agent's answer streamed piece by piece
 * (tokens, then done with what send() answers), finalAnswer(), a completed conversation as a
 * ConflictError before any token, an abort mid-stream, and streams cut in transit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type Confab from '../../../sdks/node/src/index.js';
import {
  APIConnectionError,
  APIUserAbortError,
  ConflictError,
  NotFoundError,
  type ChatStreamEvent,
} from '../../../sdks/node/src/index.js';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/openAiStandIn.js';
import { startSdkHarness, type SdkHarness } from './support/sdkHarness.js';

let h: SdkHarness;
let client: Confab;
let standIn: OpenAiStandIn;
let agentBot: string;
let flowBot: string;

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

/**
 * A fetch to the real service whose streamed answers stop after `bytes` bytes: cleanly (the
 * server closed early) or with an error (the connection dropped).
 */
function cuttingFetch(bytes: number, how: 'close' | 'error'): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return res;
    const reader = res.body.getReader();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done || sent >= bytes) {
          await reader.cancel();
          if (how === 'error') controller.error(new TypeError('terminated'));
          else controller.close();
          return;
        }
        const piece = value.subarray(0, bytes - sent);
        sent += piece.length;
        controller.enqueue(piece);
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
}

test.before(async () => {
  standIn = await startOpenAiStandIn({ pieceLength: 3 });
  h = await startSdkHarness({ LLM_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  client = h.client();
  const connection = await client.modelConnections.create({
    name: 'Stand-in',
    baseUrl: standIn.baseUrl,
    apiKey: standIn.apiKey,
    chatModel: 'gpt-4o-mini',
  });
  agentBot = (await client.chatbots.create({ name: 'Agent bot' })).id;
  await client.chatbots.agent.update(agentBot, {
    name: 'Ava',
    instructions: 'Help shoppers.',
    connectionId: connection.id,
  });
  flowBot = (await client.chatbots.create({ name: 'Flow bot' })).id;
});
test.after(async () => {
  await h?.close();
  await standIn?.close();
});

test('sessions.create and messages.send: a flow conversation, whole answers', async () => {
  const session = await client.chat.sessions.create(flowBot, { visitorId: 'visitor-1', channel: 'web' });
  assert.is(session.visitorId, 'visitor-1');
  assert.type(session.sessionId, 'string');
  assert.is(session.chatbot.name, 'Flow bot');
  assert.ok(session.messages.length > 0 && session.messages.every((m) => m.type === 'bot'));
  const turn = await client.chat.messages.send(flowBot, session.sessionId, { message: 'Ann' });
  assert.is(turn.done, false);
  assert.ok(turn.messages[0]!.message.length > 0);
  // A flow's replies are never split: they come whole, in the done event.
  const events = await collect(client.chat.messages.stream(flowBot, session.sessionId, { message: 'ann@example.com' }));
  assert.is(events.length, 1);
  const last = events[0]!;
  assert.ok(last.type === 'done' && last.done && last.messages.length > 0, JSON.stringify(last));
  assert.instance(await rejection(client.chat.sessions.end(flowBot, session.sessionId)), ConflictError);

  const other = await client.chat.sessions.create(flowBot);
  assert.equal(await client.chat.sessions.end(flowBot, other.sessionId), { done: true });
});

test("messages.stream: an agent's answer arrives as tokens, then done carries what send() answers", async () => {
  const { sessionId } = await client.chat.sessions.create(agentBot);
  standIn.script({ kind: 'text', text: 'We ship worldwide in 3 days.' });
  const events = await collect(client.chat.messages.stream(agentBot, sessionId, { message: 'Do you ship abroad?' }));
  const tokens = events.filter((e) => e.type === 'token').map((e) => (e as { text: string }).text);
  assert.ok(tokens.length > 3, `streamed in pieces: ${JSON.stringify(tokens)}`);
  assert.is(tokens.join(''), 'We ship worldwide in 3 days.');
  assert.equal(events.at(-1), {
    type: 'done',
    messages: [{ type: 'bot', message: 'We ship worldwide in 3 days.' }],
    done: false,
  });
  assert.is(events.filter((e) => e.type === 'done').length, 1);

  standIn.script({ kind: 'text', text: 'Returns within 30 days.' });
  const answer = await client.chat.messages.stream(agentBot, sessionId, { message: 'Returns?' }).finalAnswer();
  assert.equal(answer, { messages: [{ type: 'bot', message: 'Returns within 30 days.' }], done: false });

  standIn.script({ kind: 'text', text: 'Whole.' });
  assert.equal(await client.chat.messages.send(agentBot, sessionId, { message: 'And whole?' }), {
    messages: [{ type: 'bot', message: 'Whole.' }],
    done: false,
  });
});

test('a completed conversation is a ConflictError before any token; an unknown session a NotFoundError', async () => {
  const { sessionId } = await client.chat.sessions.create(agentBot);
  assert.equal(await client.chat.sessions.escalate(agentBot, sessionId, { reason: 'Wants a person' }), {
    done: true,
  });
  const seen: ChatStreamEvent[] = [];
  const err = await rejection(
    (async () => {
      for await (const e of client.chat.messages.stream(agentBot, sessionId, { message: 'Hello?' })) seen.push(e);
    })(),
  );
  assert.instance(err, ConflictError);
  assert.is((err as ConflictError).status, 409);
  assert.equal(seen, []);
  assert.instance(
    await rejection(client.chat.messages.send(agentBot, 'no-such-session', { message: 'x' })),
    NotFoundError,
  );
});

test('an AbortSignal stops the stream mid-answer', async () => {
  const slowStandIn = await startOpenAiStandIn({ pieceLength: 2, pieceDelayMs: 50 });
  try {
    const connection = await client.modelConnections.create({
      name: 'Slow stand-in',
      baseUrl: slowStandIn.baseUrl,
      apiKey: slowStandIn.apiKey,
      chatModel: 'gpt-4o-mini',
    });
    const bot = (await client.chatbots.create({ name: 'Slow agent' })).id;
    await client.chatbots.agent.update(bot, { name: 'Sam', instructions: 'Be slow.', connectionId: connection.id });
    const { sessionId } = await client.chat.sessions.create(bot);
    slowStandIn.script({ kind: 'text', text: 'A long answer that takes a while to write out in full.' });
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const err = await rejection(
      (async () => {
        for await (const e of client.chat.messages.stream(
          bot,
          sessionId,
          { message: 'Tell me' },
          { signal: controller.signal },
        )) {
          seen.push(e);
          if (seen.length === 2) controller.abort();
        }
      })(),
    );
    assert.instance(err, APIUserAbortError);
    assert.is(seen.length, 2);
    assert.ok(seen.every((e) => e.type === 'token'));
  } finally {
    await slowStandIn.close();
  }
});

test('a stream cut in transit, cleanly or by a dropped connection, is an APIConnectionError after the tokens it brought', async () => {
  for (const how of ['close', 'error'] as const) {
    const cut = h.client({ fetch: cuttingFetch(60, how) });
    const { sessionId } = await cut.chat.sessions.create(agentBot);
    standIn.script({ kind: 'text', text: 'This answer is longer than what gets through.' });
    const seen: ChatStreamEvent[] = [];
    const err = await rejection(
      (async () => {
        for await (const e of cut.chat.messages.stream(agentBot, sessionId, { message: 'Hi' })) seen.push(e);
      })(),
    );
    assert.instance(err, APIConnectionError, how);
    assert.not.instance(err, APIUserAbortError);
    assert.ok(seen.length >= 1 && seen.every((e) => e.type === 'token'), `${how}: ${JSON.stringify(seen)}`);
  }
});

test.run();
