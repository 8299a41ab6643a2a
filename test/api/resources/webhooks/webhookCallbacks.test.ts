/**
 * createWebhook's callbacks in the served OpenAPI document against what is really sent: each
 * callback's example validates against its payload schema, and real deliveries of every event
 * (caught by an HTTPS receiver from the dispatcher) validate against the schema and the header
 * parameters of their event's callback. The signature examples verify, with the example secret their
 * description names, by the Standard Webhooks library a receiver would use.
 */
import { createHmac } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_NAMES } from '../../../../domain/webhooks/webhookEvents.js';
import { startTestApp } from '../../../support/testApp.js';
import { toJsonSchema } from '../../../support/openApiConformance.js';
import { jsonBody, type ReceivedRequest } from '../../../support/httpsReceiver.js';
import { startHarness, type Harness } from '../../../dispatchers/webhooks/dispatcherHarness.js';

interface Callback {
  parameters: Array<{
    name: string;
    in: string;
    required: boolean;
    schema: object;
    description: string;
    example: string;
  }>;
  requestBody: { content: { 'application/json': { schema: object; example: unknown } } };
}

const ajv = new Ajv({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const compiled = new Map<object, ValidateFunction>();
const validator = (schema: object) => {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(toJsonSchema(schema) as object));
  return compiled.get(schema)!;
};

let callbacks: Record<string, Callback>;
let h: Harness;

test.before(async () => {
  const app = await startTestApp();
  try {
    const doc = (await SwaggerParser.dereference((await app.api('GET', '/api/v1/openapi.json')).body)) as any;
    const create = doc.paths['/api/v1/external/v1/webhooks'].post;
    callbacks = Object.fromEntries(
      Object.entries<any>(create.callbacks).map(([event, cb]) => [event, cb['{$request.body#/url}'].post]),
    );
  } finally {
    await app.close();
  }
  h = await startHarness();
});
test.after(async () => h?.close());

/** What is wrong with one delivery by its event's callback: body and headers. */
function problemsOf(req: ReceivedRequest): string[] {
  const event = String(req.headers['x-webhook-event']);
  const callback = callbacks[event];
  if (!callback) return [`no callback for ${event}`];
  const problems: string[] = [];
  const body = validator(callback.requestBody.content['application/json'].schema);
  if (!body(jsonBody(req))) problems.push(`${event} body: ${ajv.errorsText(body.errors)}`);
  for (const p of callback.parameters) {
    const value = req.headers[p.name];
    if (value === undefined) {
      if (p.required) problems.push(`${event}: header ${p.name} missing`);
      continue;
    }
    const check = validator(p.schema);
    if (!check(value))
      problems.push(`${event} header ${p.name}: ${JSON.stringify(value)} ${ajv.errorsText(check.errors)}`);
  }
  return problems;
}

test('one callback per event, and each example validates against its payload schema', () => {
  assert.equal(Object.keys(callbacks).sort(), [...WEBHOOK_EVENT_NAMES].sort());
  for (const [event, callback] of Object.entries(callbacks)) {
    const { schema, example } = callback.requestBody.content['application/json'];
    const check = validator(schema);
    assert.ok(check(example), `${event}: ${ajv.errorsText(check.errors)}`);
    // The schema is no blanket: another event's example fails it.
    const other = Object.entries(callbacks).find(([e]) => e !== event)![1];
    assert.not.ok(check(other.requestBody.content['application/json'].example), `${event} takes another event`);
  }
});

/** The example of each header parameter of a callback, by name. */
const exampleHeaders = (callback: Callback) =>
  Object.fromEntries(callback.parameters.map((p) => [p.name, p.example])) as Record<string, string>;

/** Runs `verify` with the clock at `seconds`: the library refuses a timestamp 5 minutes off its now. */
function at<T>(seconds: number, verify: () => T): T {
  const realNow = Date.now;
  Date.now = () => seconds * 1000;
  try {
    return verify();
  } finally {
    Date.now = realNow;
  }
}

test("each callback's signature examples are real: they verify with the example secret their description names", () => {
  for (const [event, callback] of Object.entries(callbacks)) {
    const headers = exampleHeaders(callback);
    const rawBody = JSON.stringify(callback.requestBody.content['application/json'].example);
    const described = (name: string) => callback.parameters.find((p) => p.name === name)!.description;
    const secret = /example secret ([0-9a-f]{64})/.exec(described('x-webhook-signature'))?.[1];
    const whsec = /(whsec_[A-Za-z0-9+/=]+) for a Standard Webhooks library/.exec(described('webhook-signature'))?.[1];
    assert.ok(secret && whsec, `${event}: the descriptions name the example secret`);
    assert.is(whsec, `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`, `${event}: one key in two forms`);

    const seconds = Number(headers['webhook-timestamp']);
    const library = new Webhook(whsec);
    assert.equal(
      at(seconds, () => library.verify(rawBody, headers)),
      JSON.parse(rawBody),
      `${event}: webhook-signature`,
    );
    assert.throws(() => at(seconds, () => library.verify(rawBody.replace('"event"', '"evemt"'), headers)));
    assert.is(
      headers['x-webhook-signature'],
      createHmac('sha256', secret).update(rawBody).digest('hex'),
      `${event}: x-webhook-signature`,
    );
    // One attempt, one moment: the two timestamps agree, shortly after the event itself.
    assert.is(Math.floor(Number(headers['x-webhook-timestamp']) / 1000), seconds);
    const eventSeconds = Date.parse(JSON.parse(rawBody).timestamp) / 1000;
    assert.ok(
      seconds >= Math.floor(eventSeconds) && seconds - eventSeconds < 60,
      `${event}: the attempt follows the event`,
    );
  }
});

test('real deliveries of the four events, agent and escalation variants included, match their callbacks', async () => {
  const botId = await h.newChatbot('Support bot');
  await h.createWebhook({ chatbotId: botId, url: `${h.receiver.url}/all`, events: [...WEBHOOK_EVENT_NAMES] });
  await h.startDispatcher();
  const started = { customData: {}, user: null, messages: [], startedAt: new Date().toISOString() };
  const { sessionId } = await h.append(botId, 'ConversationStarted', {
    ...started,
    chatbotName: 'Support bot',
    aiAgent: null,
    visitorId: 'visitor-1',
    channel: 'web',
  });
  await h.append(botId, 'ConversationStarted', {
    ...started,
    chatbotName: 'Support bot',
    aiAgent: 'Ava',
    visitorId: 'visitor-2',
    channel: 'whatsapp',
  });
  const chatDate = new Date().toISOString();
  await h.append(botId, 'ResponseCreated', { responseId: 'resp-1', visitorId: 'visitor-1', chatDate }, sessionId);
  await h.append(botId, 'ResponseUpdated', { responseId: 'resp-1', updatedAt: new Date().toISOString() }, sessionId);
  const completed = { responseId: 'resp-1', duration: 42, turnCount: 3, completedAt: new Date().toISOString() };
  await h.append(botId, 'ConversationCompleted', {
    ...completed,
    resolution: 'escalated',
    escalationReason: 'handoff',
  });
  await h.append(botId, 'ConversationCompleted', { ...completed, resolution: 'resolved', escalationReason: null });
  const received = await h.receiver.waitFor(6, 10_000);
  assert.equal(received.map((r) => r.headers['x-webhook-event']).sort(), [
    'conversation.completed',
    'conversation.completed',
    'conversation.started',
    'conversation.started',
    'response.created',
    'response.updated',
  ]);
  assert.equal(received.flatMap(problemsOf), []);
  // A delivery that strays from the document is caught: the check is not a blanket either.
  const strayed = { ...received[0], rawBody: Buffer.from(JSON.stringify({ ...jsonBody(received[0]), extra: 1 })) };
  assert.ok(problemsOf(strayed).length > 0);
});

test.run();
