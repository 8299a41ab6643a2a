/**
 * The SDK's methods against its share of the service's OpenAPI document (openapi.json, which the
 * service's tree keeps equal to what the service serves): every External API operation, and the
 * workspace operations the SDK covers, is sent by exactly one method, with the document's HTTP
 * method and path, every query parameter and body field the operation takes and no other; every
 * method of every resource is in that list; and the External API's resources have exactly the
 * names the SDK reference gives (docs/sdks.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Confab from '../src/index.js';
import { APIResource } from '../src/core/resource.js';
import { readOpenApiDocument, SUBSET_FILE } from '../scripts/generateTypes.js';
import { EXTERNAL_PREFIX, sdkApiSubset } from '../scripts/openApiSubset.js';
import { scriptedFetch, json } from './support/scriptedFetch.js';

type Json = Record<string, any>;
/** The document's `{version}` path template where a method takes a version number. */
const VERSION_TEMPLATE = '{version}' as unknown as number;
/** Each method called with every parameter it has; ids are the document's path templates. */
const CALLS: Record<string, (c: Confab) => PromiseLike<unknown>> = {
  'chatbots.list': (c) => c.chatbots.list(),
  'chatbots.retrieve': (c) => c.chatbots.retrieve('{id}'),
  'chatbots.create': (c) =>
    c.chatbots.create({ name: 'n', description: 'd', flow: { steps: [{ type: 'message', text: 't' }] } }),
  'chatbots.update': (c) =>
    c.chatbots.update('{id}', { name: 'n', description: 'd', disabled: true, flow: { steps: [] } }),
  'chatbots.delete': (c) => c.chatbots.delete('{id}'),
  'chatbots.duplicate': (c) => c.chatbots.duplicate('{id}'),
  'chatbots.funnel': (c) => c.chatbots.funnel('{id}', { version: 2, days: 7 }),
  'chatbots.flow.get': (c) => c.chatbots.flow.get('{id}'),
  'chatbots.flow.update': (c) => c.chatbots.flow.update('{id}', { start: 'a', steps: [{ id: 'a', type: 'end' }] }),
  'chatbots.agent.get': (c) => c.chatbots.agent.get('{id}'),
  'chatbots.agent.update': (c) =>
    c.chatbots.agent.update('{id}', {
      name: 'Ava',
      instructions: 'Answer briefly.',
      connectionId: 'c1',
      model: 'gpt-4o-mini',
      temperature: 0.2,
      maxOutputTokens: 300,
      greeting: 'Hi',
      handoff: { maxTurns: 10 },
      knowledge: { sourceIds: ['s1'], answerOnlyFromKnowledge: true, onNoAnswer: 'clarify' },
    }),
  'chatbots.agent.delete': (c) => c.chatbots.agent.delete('{id}'),
  'chatbots.agent.preview': (c) =>
    c.chatbots.agent.preview('{id}', {
      messages: [{ role: 'user', text: 'Hi' }],
      agent: { name: 'Ava', instructions: 'Answer briefly.', connectionId: 'c1' },
    }),
  'chatbots.flow.publish': (c) => c.chatbots.flow.publish('{id}', { version: 1 }),
  'chatbots.flow.signingSecret': (c) => c.chatbots.flow.signingSecret('{id}'),
  'chatbots.flow.simulate': (c) =>
    c.chatbots.flow.simulate('{id}', { limit: 10, startDate: '2026-01-01', endDate: '2026-01-31' }),
  'chatbots.flow.versions.list': (c) => c.chatbots.flow.versions.list('{id}'),
  'chatbots.flow.versions.retrieve': (c) => c.chatbots.flow.versions.retrieve('{id}', VERSION_TEMPLATE),
  'chatbots.flow.versions.diff': (c) => c.chatbots.flow.versions.diff('{id}', VERSION_TEMPLATE, { against: 1 }),
  'responses.list': (c) =>
    c.responses.list('{id}', { page: 1, limit: 5, startDate: '2026-01-01', endDate: '2026-01-31' }),
  'responses.retrieve': (c) => c.responses.retrieve('{id}', '{responseId}'),
  'responses.provenance': (c) => c.responses.provenance('{id}', '{responseId}'),
  'responses.export': (c) =>
    c.responses.export('{id}', { format: 'ndjson', startDate: '2026-01-01', endDate: '2026-01-31' }).response(),
  'analytics.retrieve': (c) => c.analytics.retrieve('{id}', { days: 7 }),
  'webhooks.list': (c) => c.webhooks.list(),
  'webhooks.create': (c) =>
    c.webhooks.create({ chatbotId: 'b', url: 'https://x.example', events: ['response.created'], description: 'd' }),
  'webhooks.update': (c) =>
    c.webhooks.update('{id}', {
      url: 'https://x.example',
      events: ['response.created'],
      description: 'd',
      status: 'paused',
    }),
  'webhooks.delete': (c) => c.webhooks.delete('{id}'),
  'modelConnections.list': (c) => c.modelConnections.list(),
  'modelConnections.create': (c) =>
    c.modelConnections.create({
      name: 'n',
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'k',
      chatModel: 'm',
      embeddingModel: 'e',
    }),
  'modelConnections.retrieve': (c) => c.modelConnections.retrieve('{id}'),
  'modelConnections.update': (c) =>
    c.modelConnections.update('{id}', {
      name: 'n',
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'k',
      chatModel: 'm',
      embeddingModel: null,
    }),
  'modelConnections.delete': (c) => c.modelConnections.delete('{id}'),
  'modelConnections.test': (c) => c.modelConnections.test('{id}'),
  'knowledge.sources.list': (c) => c.knowledge.sources.list(),
  'knowledge.sources.create': (c) =>
    c.knowledge.sources.create({ type: 'url', title: 't', text: 'x', url: 'https://shop.example/', sitemap: false }),
  'knowledge.sources.retrieve': (c) => c.knowledge.sources.retrieve('{id}'),
  'knowledge.sources.delete': (c) => c.knowledge.sources.delete('{id}'),
  'knowledge.sources.reindex': (c) => c.knowledge.sources.reindex('{id}'),
  'knowledge.evaluation.questions.list': (c) => c.knowledge.evaluation.questions.list(),
  'knowledge.evaluation.questions.create': (c) =>
    c.knowledge.evaluation.questions.create({ question: 'q', expectedSourceIds: ['s1'], expectedFacts: ['f'] }),
  'knowledge.evaluation.questions.delete': (c) => c.knowledge.evaluation.questions.delete('{id}'),
  'knowledge.evaluation.runs.create': (c) => c.knowledge.evaluation.runs.create({ chatbotId: 'b1', k: 5 }),
  'knowledge.evaluation.runs.list': (c) => c.knowledge.evaluation.runs.list(),
  'knowledge.evaluation.runs.retrieve': (c) => c.knowledge.evaluation.runs.retrieve('{id}'),
  'knowledge.unanswered.list': (c) =>
    c.knowledge.unanswered.list({
      chatbotId: 'b1',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      limit: 10,
      cursor: 'abc',
    }),
  'chatbots.agent.analytics': (c) =>
    c.chatbots.agent.analytics('{id}', { startDate: '2026-01-01', endDate: '2026-01-31' }),
  'account.retrieve': (c) => c.account.retrieve(),
  'account.update': (c) =>
    c.account.update({ name: 'n', phone: null, dateOfBirth: null, address: null, timezone: 'UTC' }),
  'account.email.requestChange': (c) => c.account.email.requestChange({ newEmail: 'a@example.com' }),
  'account.email.verifyIdentity': (c) => c.account.email.verifyIdentity({ newEmail: 'a@example.com', otp: '123456' }),
  'account.email.confirmChange': (c) => c.account.email.confirmChange({ newEmail: 'a@example.com', otp: '123456' }),
  'usage.retrieve': (c) => c.usage.retrieve(),
  'usage.ai': (c) => c.usage.ai(),
  'workspace.slug.check': (c) => c.workspace.slug.check('{slug}'),
  'workspace.slug.update': (c) => c.workspace.slug.update({ slug: 's' }),
  'workspace.branding.retrieve': (c) => c.workspace.branding.retrieve(),
  'workspace.branding.update': (c) =>
    c.workspace.branding.update({
      displayName: 'd',
      loginLogo: null,
      companyLogo: null,
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
      tagline: 't',
      display: { fit: 'cover' },
    }),
  'workspace.branding.retrievePublic': (c) => c.workspace.branding.retrievePublic('{slug}'),
  'workspace.organization.update': (c) =>
    c.workspace.organization.update({
      description: 'd',
      website: null,
      industry: null,
      companySize: null,
      country: null,
      timezone: null,
    }),
  'workspace.adAnalytics.retrieve': (c) => c.workspace.adAnalytics.retrieve(),
};

/** The External API's resources and their methods, as the SDK reference names them (docs/sdks.md). */
const EXTERNAL_API_METHODS = [
  'knowledge.sources.list',
  'knowledge.sources.create',
  'knowledge.sources.retrieve',
  'knowledge.sources.delete',
  'knowledge.sources.reindex',
  'knowledge.evaluation.questions.list',
  'knowledge.evaluation.questions.create',
  'knowledge.evaluation.questions.delete',
  'knowledge.evaluation.runs.create',
  'knowledge.evaluation.runs.list',
  'knowledge.evaluation.runs.retrieve',
  'knowledge.unanswered.list',
  'chatbots.list',
  'chatbots.retrieve',
  'chatbots.create',
  'chatbots.update',
  'chatbots.delete',
  'chatbots.duplicate',
  'chatbots.funnel',
  'chatbots.flow.get',
  'chatbots.flow.update',
  'chatbots.agent.get',
  'chatbots.agent.update',
  'chatbots.agent.delete',
  'chatbots.agent.preview',
  'chatbots.agent.analytics',
  'chatbots.flow.publish',
  'chatbots.flow.signingSecret',
  'chatbots.flow.simulate',
  'chatbots.flow.versions.list',
  'chatbots.flow.versions.retrieve',
  'chatbots.flow.versions.diff',
  'responses.list',
  'responses.retrieve',
  'responses.provenance',
  'responses.export',
  'analytics.retrieve',
  'webhooks.list',
  'webhooks.create',
  'webhooks.update',
  'webhooks.delete',
  'modelConnections.list',
  'modelConnections.create',
  'modelConnections.retrieve',
  'modelConnections.update',
  'modelConnections.delete',
  'modelConnections.test',
  'account.retrieve',
  'account.update',
  'account.email.requestChange',
  'account.email.verifyIdentity',
  'account.email.confirmChange',
  'usage.retrieve',
  'usage.ai',
];

let doc: Json;
const ref = (value: Json): Json =>
  value?.$ref
    ? ref(
        value.$ref
          .slice(2)
          .split('/')
          .reduce((o: Json, k: string) => o[k], doc),
      )
    : value;

interface Operation {
  query: string[];
  /** The body's fields; null for a free-form object (a whole flow), sent as the caller gives it. */
  body: string[] | null;
  required: string[];
}
function operations(): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(sdkApiSubset(doc).paths as Json)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = (op.parameters ?? []).map(ref);
      const schema = ref(op.requestBody?.content?.['application/json']?.schema ?? {});
      out.set(`${method.toUpperCase()} ${path}`, {
        query: params
          .filter((p: Json) => p.in === 'query')
          .map((p: Json) => p.name)
          .sort(),
        body: op.requestBody && !schema.properties ? null : Object.keys(schema.properties ?? {}).sort(),
        required: [...(schema.required ?? [])].sort(),
      });
    }
  }
  return out;
}

/** `chatbots.list`, `account.email.requestChange`, …: every method of every resource of the client. */
function sdkMethods(resource: object, prefix = ''): string[] {
  return Object.entries(resource).flatMap(([name, value]) => {
    if (!(value instanceof APIResource)) return [];
    const proto = Object.getPrototypeOf(value);
    const own = Object.getOwnPropertyNames(proto).filter((m) => m !== 'constructor' && typeof proto[m] === 'function');
    return [...own.map((m) => `${prefix}${name}.${m}`), ...sdkMethods(value, `${prefix}${name}.`)];
  });
}

test.before(async () => {
  doc = await readOpenApiDocument(SUBSET_FILE);
});

test('each SDK method sends one operation of the served document, with all its query parameters and body fields and no others', async () => {
  const expected = operations();
  const { fetch, sent } = scriptedFetch((req) =>
    // Deleting an evaluation question answers 204 with no body.
    req.method === 'DELETE' && req.url.pathname.includes('/evaluation/')
      ? new Response(null, { status: 204 })
      : json(200, {
          data: [],
          message: 'ok',
          total: 0,
          page: Number(req.url.searchParams.get('page') ?? 1),
          totalPages: 0,
        }),
  );
  const client = new Confab({ apiKey: 'k', baseURL: 'http://confab.test/api/v1', fetch });
  const called = new Map<string, string>();
  for (const [name, call] of Object.entries(CALLS)) {
    const before = sent.length;
    await call(client);
    assert.is(sent.length, before + 1, `${name} sends one request`);
    const req = sent.at(-1)!;
    const op = `${req.method} ${decodeURIComponent(req.url.pathname)}`;
    assert.ok(expected.has(op), `${name} sends ${op}, which the service does not serve`);
    assert.not.ok(called.has(op), `${name} and ${called.get(op)} both send ${op}`);
    called.set(op, name);
    const body = req.body === undefined ? {} : JSON.parse(req.body);
    assert.equal([...req.url.searchParams.keys()].sort(), expected.get(op)!.query, `${name}: query parameters`);
    const fields = expected.get(op)!.body;
    if (fields) assert.equal(Object.keys(body).sort(), fields, `${name}: body fields`);
    else assert.ok(Object.keys(body).length > 0, `${name}: sends the body it is given`);
  }
  assert.equal(
    [...expected.keys()].filter((op) => !called.has(op)),
    [],
    'operations without an SDK method',
  );
  assert.ok([...called.keys()].filter((op) => op.includes(EXTERNAL_PREFIX)).length >= 27);
});

/**
 * The visitor chat API is not in the SDK's share of the document (it is public, beside the
 * External API); its methods are tested against the service itself (test/sdks/node/chat.test.ts
 * in the service's tree) and in chat.test.ts here.
 */
const CHAT_METHODS = [
  'chat.sessions.create',
  'chat.sessions.escalate',
  'chat.sessions.end',
  'chat.messages.send',
  'chat.messages.stream',
];

test("every method of every resource is in that list; the External API resources are exactly the SDK reference's", () => {
  const all = sdkMethods(new Confab({ apiKey: 'k' }));
  assert.equal(all.filter((m) => m.startsWith('chat.')).sort(), [...CHAT_METHODS].sort());
  const methods = all.filter((m) => !m.startsWith('chat.'));
  assert.equal(methods.sort(), Object.keys(CALLS).sort());
  assert.equal(methods.filter((m) => !m.startsWith('workspace.')).sort(), [...EXTERNAL_API_METHODS].sort());
  assert.type(Confab.webhooks.verify, 'function');
});

test.run();
