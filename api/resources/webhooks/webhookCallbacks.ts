/**
 * The webhook deliveries as OpenAPI callbacks of createWebhook (docs/events.md): for each of the
 * four events, the POST the service sends to the webhook's `url`, its body and its headers, with
 * an example of each. The bodies are the ones toWebhookMessage builds and the headers the ones
 * the dispatcher's sender sets; test/api/resources/webhooks/webhookCallbacks.test.ts checks real
 * deliveries against them. The signature examples are real: signed with a published example secret
 * by the function that signs the deliveries, so a receiver can test its verification against them.
 */
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from '../../../domain/webhooks/webhookEvents.js';
import { signatureHeaders } from '../../../domain/webhooks/webhookSignature.js';
import { namedSchema } from '../../http/namedSchema.js';
import type { JsonSchema } from '../../http/schemaValidator.js';

const id = (description: string): JsonSchema => ({ type: 'string', description });
const timestamp: JsonSchema = {
  type: 'string',
  format: 'date-time',
  description: 'When the event was recorded: ISO 8601 in UTC with milliseconds',
};
const eventOf = (name: WebhookEventName): JsonSchema => ({ type: 'string', enum: [name] });
const chatSessionId = id('The chat session (conversation)');
const botId = id('The chatbot the webhook subscribes to');
const visitorId = id('The visitor, as the widget or the chat API named them');
const responseId = id('The response record: GET /chatbots/{botId}/responses/{responseId}');

/** A payload: every property required but the optional ones, nothing else. */
function payload(name: string, properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return namedSchema(name, {
    type: 'object',
    required: Object.keys(properties).filter((p) => !optional.includes(p)),
    additionalProperties: false,
    properties,
  });
}

/** Each event's body schema and a real example of it. */
export const WEBHOOK_PAYLOADS: Record<
  WebhookEventName,
  { summary: string; schema: JsonSchema; example: { timestamp: string } & Record<string, unknown> }
> = {
  'conversation.started': {
    summary: 'A visitor started a chat session',
    schema: payload(
      'ConversationStartedEvent',
      {
        event: eventOf('conversation.started'),
        chatSessionId,
        botId,
        chatbotName: id("The chatbot's name; absent when an AI agent runs the conversation (then aiAgent)"),
        aiAgent: id("The AI agent's name, in place of chatbotName, when an agent runs the conversation"),
        visitorId,
        channel: id('The channel given at session start (web by default)'),
        timestamp,
      },
      ['chatbotName', 'aiAgent'],
    ),
    example: {
      event: 'conversation.started',
      chatSessionId: '5f0c8e2a9b1d4c7e8a6f3b21',
      botId: 'b7e4c1d09a2f4e6b8c3d5a17',
      chatbotName: 'Support bot',
      visitorId: 'v_1f2e3d4c5b6a',
      channel: 'web',
      timestamp: '2026-11-29T10:15:00.123Z',
    },
  },
  'response.created': {
    summary: "The visitor's first message created the response record",
    schema: payload('ResponseCreatedEvent', {
      event: eventOf('response.created'),
      chatSessionId,
      responseId,
      botId,
      visitorId,
      timestamp,
    }),
    example: {
      event: 'response.created',
      chatSessionId: '5f0c8e2a9b1d4c7e8a6f3b21',
      responseId: '9a8b7c6d5e4f3a2b1c0d9e8f',
      botId: 'b7e4c1d09a2f4e6b8c3d5a17',
      visitorId: 'v_1f2e3d4c5b6a',
      timestamp: '2026-11-29T10:15:07.456Z',
    },
  },
  'response.updated': {
    summary: 'A later visitor message added to the response record',
    schema: payload('ResponseUpdatedEvent', {
      event: eventOf('response.updated'),
      responseId,
      botId,
      chatSessionId,
      timestamp,
    }),
    example: {
      event: 'response.updated',
      responseId: '9a8b7c6d5e4f3a2b1c0d9e8f',
      botId: 'b7e4c1d09a2f4e6b8c3d5a17',
      chatSessionId: '5f0c8e2a9b1d4c7e8a6f3b21',
      timestamp: '2026-11-29T10:15:21.789Z',
    },
  },
  'conversation.completed': {
    summary: 'The conversation ended: the flow reached its end, a hand-off, an escalation or an end call',
    schema: payload(
      'ConversationCompletedEvent',
      {
        event: eventOf('conversation.completed'),
        chatSessionId,
        botId,
        resolution: {
          type: 'string',
          enum: ['resolved', 'escalated', 'ended'],
          description:
            'resolved: the flow reached its end; escalated: handed off to a person; ended: the visitor or the widget ended it',
        },
        escalationReason: id(
          'Only with resolution escalated: handoff for a hand-off step, otherwise the reason the escalate call gave',
        ),
        duration: { type: 'integer', minimum: 0, description: 'Whole seconds from start to completion' },
        turnCount: { type: 'integer', minimum: 0, description: 'Visitor messages in the conversation' },
        timestamp,
      },
      ['escalationReason'],
    ),
    example: {
      event: 'conversation.completed',
      chatSessionId: '5f0c8e2a9b1d4c7e8a6f3b21',
      botId: 'b7e4c1d09a2f4e6b8c3d5a17',
      resolution: 'escalated',
      escalationReason: 'handoff',
      duration: 42,
      turnCount: 3,
      timestamp: '2026-11-29T10:15:42.001Z',
    },
  },
};

const deliveryId: JsonSchema = { type: 'string', pattern: '^dlv_[0-9a-f]{24}$' };
const digits: JsonSchema = { type: 'string', pattern: '^\\d+$' };
const exampleId = 'dlv_3f9a1c7e5b2d4f6a8c0e1b3d';

/** The secret the signature examples are made with: of the form POST /webhooks answers (64 hex characters). */
export const EXAMPLE_WEBHOOK_SECRET = '0123456789abcdef'.repeat(4);
/** The same key as a Standard Webhooks library takes it: whsec_ + base64 of the secret's characters. */
export const EXAMPLE_WEBHOOK_WHSEC = `whsec_${Buffer.from(EXAMPLE_WEBHOOK_SECRET, 'utf8').toString('base64')}`;
/** How a signature example was made, for its description: a receiver can check its verification against it. */
const exampleMadeWith = (from: string) =>
  `The example is made with the example secret ${EXAMPLE_WEBHOOK_SECRET} (${EXAMPLE_WEBHOOK_WHSEC} for a Standard Webhooks library) from ${from}, the body as sent: the compact JSON (JSON.stringify) of the example body.`;

/**
 * The signature headers of the example delivery of `event`, as the sender signs them: its body is
 * the compact JSON of the event's example, its first attempt half a second after the event.
 */
function exampleSignatureHeaders(event: WebhookEventName): Record<string, string> {
  const { example } = WEBHOOK_PAYLOADS[event];
  return signatureHeaders(
    EXAMPLE_WEBHOOK_SECRET,
    exampleId,
    JSON.stringify(example),
    Date.parse(example.timestamp) + 500,
  );
}

/** The headers of every attempt of a delivery of `event` (Content-Type is application/json). */
export function deliveryHeaderParameters(event: WebhookEventName): object[] {
  const signed = exampleSignatureHeaders(event);
  const headers: Array<[name: string, description: string, schema: JsonSchema, example: string]> = [
    [
      'webhook-id',
      "The delivery's id, the same on every retry of it: de-duplicate on it (Standard Webhooks)",
      deliveryId,
      signed['webhook-id'],
    ],
    [
      'webhook-timestamp',
      'Unix time in seconds of this attempt; refuse one more than 5 minutes off (Standard Webhooks)',
      digits,
      signed['webhook-timestamp'],
    ],
    [
      'webhook-signature',
      `v1, then the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the secret (Standard Webhooks; several space-separated signatures are possible). ${exampleMadeWith('the example webhook-id, webhook-timestamp and body')}`,
      { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
      signed['webhook-signature'],
    ],
    [
      'x-webhook-signature',
      `Lowercase hex HMAC-SHA256 of the raw body alone, keyed with the secret (cannot detect a replay). ${exampleMadeWith('the example body')}`,
      { type: 'string', pattern: '^[0-9a-f]{64}$' },
      signed['x-webhook-signature'],
    ],
    ['x-webhook-event', 'The event name, also in the body', { type: 'string', enum: [event] }, event],
    ['x-webhook-delivery-id', 'The same id as webhook-id', deliveryId, exampleId],
    ['x-webhook-timestamp', 'Unix time in milliseconds of this attempt', digits, signed['x-webhook-timestamp']],
    ['user-agent', 'Who sends it', { type: 'string', enum: ['Confab-Webhooks/1.0'] }, 'Confab-Webhooks/1.0'],
  ];
  return headers.map(([name, description, schema, example]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema,
    example,
  }));
}

/** `conversation.started` → conversationStartedDelivery: the callback operation's id. */
const operationIdOf = (event: string) => `${event.replace(/\.(.)/g, (_, c: string) => c.toUpperCase())}Delivery`;

/** createWebhook's callbacks: one per event, each a POST to the webhook's url. */
export function webhookCallbacks(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENT_NAMES.map((event) => {
      const { summary, schema, example } = WEBHOOK_PAYLOADS[event];
      return [
        event,
        {
          '{$request.body#/url}': {
            post: {
              summary: `${event}: ${summary}`,
              description:
                'Sent to every active webhook of the chatbot that subscribes to this event. Verify the signature on the raw body before parsing it (docs/webhooks-guide.md).',
              operationId: operationIdOf(event),
              tags: ['Webhooks'],
              security: [],
              parameters: deliveryHeaderParameters(event),
              requestBody: { required: true, content: { 'application/json': { schema, example } } },
              responses: {
                '2XX': { description: 'Received: the delivery is done' },
                '410': {
                  description: 'Gone: the receiver is gone for good; the webhook is set to failed at once, no retry',
                },
                default: {
                  description:
                    "Any other answer, or none within the timeout: the delivery is retried on the retry schedule, honouring a 429's or 503's Retry-After; after 10 failed deliveries in a row the webhook is set to failed",
                },
              },
            },
          },
        },
      ];
    }),
  );
}
