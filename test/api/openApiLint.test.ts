/**
 * The OpenAPI document checked with outside tools: Redocly's recommended ruleset (no errors,
 * only the warnings accepted below) and @apidevtools/swagger-parser; plus the properties the
 * SDKs rely on (operationIds, shared error answers, headers, Idempotency-Key).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApp, type TestApp } from '../support/testApp.js';

/** Redocly warnings accepted, by rule and location, with the reason. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  'info-license #/info': 'a hosted service, not a published work: there is no license to name',
  'no-server-example.com #/servers/0/url':
    'the server is PUBLIC_URL, which is localhost in tests (a deployment sets its own)',
  'operation-4xx-response #/paths/~1healthz/get/responses':
    'takes no input and needs no credentials: it has no 4xx answer',
  'operation-4xx-response #/paths/~1api~1v1~1openapi.json/get/responses':
    'takes no input and needs no credentials: it has no 4xx answer',
  'operation-4xx-response #/paths/~1docs/get/responses':
    'the rendered reference: a page that takes no input and needs no credentials has no 4xx answer',
  'operation-4xx-response #/paths/~1readyz/get/responses':
    'takes no input and needs no credentials: it has no 4xx answer',
  'operation-4xx-response #/paths/~1api~1v1~1workspace~1countries/get/responses':
    'a fixed public list: it has no 4xx answer',
  'operation-2xx-response #/paths/~1api~1v1~1workspace~1public~1ad-click~1{slug}~1{mediaId}/get/responses':
    'its success is a 302 redirect to the ad link',
  'operation-2xx-response #/paths/~1storefront~1auth/get/responses':
    "the store platform's install callback: its success is a 302 redirect to the settings page",
  'operation-2xx-response #/paths/~1storefront~1load/get/responses':
    "the store platform's load callback: its success is a 302 redirect to the settings page",
  'operation-2xx-response #/paths/~1auth~1oidc~1start/get/responses':
    "the sign-in popup's start: its success is a 302 redirect to the identity provider",
  'operation-4xx-response #/paths/~1auth~1oidc~1callback/get/responses':
    "the identity provider's redirect: the page it answers tells the popup of a success or a failure alike (200)",
  'operation-4xx-response #/paths/~1auth~1providers/get/responses':
    'takes no input and needs no credentials: it has no 4xx answer',
};

let app: TestApp;
let doc: any;

test.before(async () => {
  app = await startTestApp();
  doc = (await app.api('GET', '/api/v1/openapi.json')).body;
});
test.after(async () => app.close());

test('Redocly recommended: no errors, and only the accepted warnings, each with its reason', async () => {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
  const describe = (p: (typeof problems)[number]) => `${p.ruleId} ${p.location?.[0]?.pointer ?? ''}`;
  const errors = problems.filter((p) => p.severity === 'error').map((p) => `${describe(p)}: ${p.message}`);
  assert.equal(errors, []);
  const warnings = problems.filter((p) => p.severity !== 'error').map(describe);
  const unexplained = problems
    .filter((p) => p.severity !== 'error' && !(describe(p) in ACCEPTED_WARNINGS))
    .map((p) => `${describe(p)}: ${p.message}`);
  assert.equal(unexplained, [], 'every warning is accepted with its reason (and listed in docs/external-api.md)');
  // An accepted warning that no longer occurs is taken off the list (and the docs).
  assert.equal(
    Object.keys(ACCEPTED_WARNINGS).filter((w) => !warnings.includes(w)),
    [],
  );
});

test('swagger-parser validates the document', async () => {
  await SwaggerParser.validate(structuredClone(doc));
});

test('operationIds are unique camelCase names; no operation answers only `default`', () => {
  const ids: string[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      assert.match(op.operationId, /^[a-z][A-Za-z0-9]*$/, `${method} ${path}`);
      ids.push(op.operationId);
      assert.not.ok('default' in op.responses, `${op.operationId} documents a default answer`);
      const errors = Object.keys(op.responses).filter((s) => s.startsWith('4') || s === '5XX');
      assert.ok(errors.includes('5XX'), `${op.operationId} has no 5XX answer`);
      assert.ok(op.tags?.length, `${op.operationId} has no tag`);
    }
  }
  assert.is(new Set(ids).size, ids.length, 'duplicate operationIds');
  for (const tag of doc.tags) assert.type(tag.description, 'string');
});

test('the SDK-facing External API names', () => {
  const byId = new Map<string, any>();
  for (const item of Object.values<any>(doc.paths))
    for (const op of Object.values<any>(item)) byId.set(op.operationId, op);
  for (const id of [
    'listChatbots',
    'getChatbot',
    'createChatbot',
    'updateChatbot',
    'deleteChatbot',
    'duplicateChatbot',
    'getUsage',
    'listResponses',
    'getResponse',
    'getAnalytics',
    'getAccount',
    'updateAccount',
    'requestEmailChange',
    'verifyEmailIdentity',
    'confirmEmailChange',
    'listWebhooks',
    'createWebhook',
    'updateWebhook',
    'deleteWebhook',
    'startChatSession',
    'sendChatMessage',
    'escalateChatSession',
    'endChatSession',
  ]) {
    assert.ok(byId.has(id), id);
  }
});

test('errors share one schema; rate-limit, quota, retry and idempotency headers are defined once and referenced', () => {
  assert.equal(doc.components.schemas.Error.required, ['error']);
  const text = JSON.stringify(doc.paths);
  for (const name of [
    'RateLimitPolicy',
    'RateLimitLimit',
    'RateLimitRemaining',
    'RateLimitReset',
    'XQuotaLimit',
    'XQuotaRemaining',
    'XQuotaReset',
    'XQuotaPeriod',
    'RetryAfter',
    'IdempotentReplayedOptional',
  ]) {
    assert.ok(doc.components.headers[name], name);
    assert.ok(
      text.includes(`#/components/headers/${name}"`) ||
        JSON.stringify(doc.components.responses).includes(`#/components/headers/${name}"`),
      `${name} is referenced`,
    );
  }
  const create = doc.paths['/api/v1/external/v1/chatbots'].post;
  assert.ok(create.parameters.some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey'));
  assert.is(doc.components.parameters.IdempotencyKey.name, 'Idempotency-Key');
  assert.is(doc.components.parameters.IdempotencyKey.in, 'header');
  assert.ok(create.responses['422'] && create.responses['409'] && create.responses['429']);
  assert.not.ok(
    doc.paths['/api/v1/external/v1/chatbots'].get.parameters.some((p: any) => p.$ref),
    'GETs take no Idempotency-Key',
  );
  const chat404 = doc.paths['/api/v1/chat/{botId}/sessions'].post.responses['404'];
  assert.equal(chat404.content['application/json'].schema, { $ref: '#/components/schemas/Error' });
});

test('null is in the enum of every nullable enum (resolution of an active conversation)', () => {
  const bad: string[] = [];
  const walk = (node: any, at: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) bad.push(at);
    for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
  };
  walk(doc, '#');
  assert.equal(bad, []);
  const answer =
    doc.paths['/api/v1/external/v1/chatbots/{id}/responses/{responseId}'].get.responses['200'].content[
      'application/json'
    ].schema;
  assert.equal(answer, { $ref: '#/components/schemas/ResponseEnvelope' });
  assert.equal(doc.components.schemas.ResponseEnvelope.properties.data, { $ref: '#/components/schemas/Response' });
  assert.ok(doc.components.schemas.Response.properties.resolution.enum.includes(null));
});

/** The operations of the External API and the visitor chat API, with their path and method. */
function publicOperations(): Array<{ path: string; method: string; op: any }> {
  const out: Array<{ path: string; method: string; op: any }> = [];
  for (const [path, item] of Object.entries<any>(doc.paths))
    if (path.startsWith('/api/v1/external/v1/') || path.startsWith('/api/v1/chat/'))
      for (const [method, op] of Object.entries<any>(item)) out.push({ path, method, op });
  return out;
}

test('every JSON request body and 2xx JSON answer of the External and chat APIs refers to a named schema', () => {
  const inline: string[] = [];
  let refs = 0;
  for (const { op } of publicOperations()) {
    const json = [
      ['body', op.requestBody?.content?.['application/json']],
      ...Object.entries<any>(op.responses)
        .filter(([status]) => status.startsWith('2'))
        .map(([status, answer]) => [status, answer.content?.['application/json']]),
    ];
    for (const [where, content] of json) {
      if (!content) continue;
      const ref = /^#\/components\/schemas\/([A-Za-z0-9]+)$/.exec(content.schema.$ref ?? '');
      if (!ref || !doc.components.schemas[ref[1]]) inline.push(`${op.operationId} ${where}`);
      else refs++;
    }
  }
  assert.equal(inline, []);
  assert.ok(refs >= 77, `${refs} references`);
  for (const name of ['Chatbot', 'ChatbotList', 'Webhook', 'WebhookCreated', 'Response', 'ResponsePage', 'Usage'])
    assert.type(doc.components.schemas[name], 'object', name);
  // No component carries the name it was hoisted by: the key is the name.
  for (const [name, schema] of Object.entries<any>(doc.components.schemas)) assert.is(schema.title, undefined, name);
});

test('webhook events are one shared enum of the four event names, in requests and answers', () => {
  assert.equal(doc.components.schemas.WebhookEventName.enum, [
    'response.created',
    'response.updated',
    'conversation.started',
    'conversation.completed',
  ]);
  const ref = { $ref: '#/components/schemas/WebhookEventName' };
  for (const name of ['CreateWebhookRequest', 'UpdateWebhookRequest', 'Webhook', 'WebhookCreated'])
    assert.equal(doc.components.schemas[name].properties.events.items, ref, name);
});

test('createWebhook documents each event delivery as a callback with its headers and a payload example', () => {
  const create = doc.paths['/api/v1/external/v1/webhooks'].post;
  assert.equal(Object.keys(create.callbacks).sort(), [
    'conversation.completed',
    'conversation.started',
    'response.created',
    'response.updated',
  ]);
  for (const [event, callback] of Object.entries<any>(create.callbacks)) {
    const post = callback['{$request.body#/url}'].post;
    const headers = post.parameters.map((p: any) => `${p.in}:${p.name}`);
    for (const name of [
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
      'x-webhook-signature',
      'x-webhook-event',
    ])
      assert.ok(headers.includes(`header:${name}`), `${event} ${name}`);
    const body = post.requestBody.content['application/json'];
    assert.match(body.schema.$ref, /^#\/components\/schemas\/[A-Za-z]+Event$/);
    assert.is(body.example.event, event);
  }
});

test.run();
