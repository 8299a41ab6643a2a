/** Chatbots endpoints (docs/external-api.md, Chatbots). Reads come from the `chatbots` view. */
import type { Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { CHATBOTS, type ChatbotDoc } from '../../projections/views/chatbotsView.js';
import type { ChatbotState } from '../../domain/chatbot/chatbot.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { derivedFrom } from '../http/frozenAnswers.js';
import { createUnderKey } from './idempotentIds.js';
import { addApiKeyRoute } from './apiKeyRoute.js';
import { principalOf, contextOf } from '../principal/principal.js';
import {
  CHATBOT_FIELDS,
  chatbotSchema,
  createChatbotBody,
  idParams,
  messageSchema,
  updateChatbotBody,
  wrapped,
} from './chatbotSchemas.js';

type ChatbotOp = keyof typeof CHATBOT_FIELDS;
const shapes: Record<ChatbotOp, WeakMap<ChatbotDoc, Record<string, unknown>>> = {
  list: new WeakMap(),
  get: new WeakMap(),
  create: new WeakMap(),
  update: new WeakMap(),
  duplicate: new WeakMap(),
};
const listBodies = new WeakMap<ChatbotDoc[], { data: Array<Record<string, unknown>> }>();

export function pick(doc: ChatbotDoc, op: ChatbotOp): Record<string, unknown> {
  return derivedFrom(shapes[op], doc, () => {
    const out: Record<string, unknown> = {};
    for (const f of CHATBOT_FIELDS[op]) out[f] = doc[f] ?? (f === 'description' ? '' : null);
    return out;
  });
}

/**
 * The answer to a write, from the command's own result: the views normally include it already
 * (read-your-writes), but when they lag the caller still gets what it created, never a 404
 * that would make it create again. The view adds what the command does not know
 * (responseCount, createdAt), except for a chatbot just created, where both are known: 0 and
 * now, and the read is saved.
 */
export async function written(
  views: ReadStoreReader,
  state: ChatbotState,
  at: string | null,
  created = false,
): Promise<ChatbotDoc> {
  const doc = created ? null : await views.get<ChatbotDoc>(CHATBOTS, state.chatbotId!);
  const updatedAt = at ?? doc?.updatedAt ?? new Date().toISOString();
  return {
    responseCount: 0,
    createdAt: updatedAt,
    ...doc,
    id: state.chatbotId!,
    workspaceId: state.workspaceId!,
    ...state.fields,
    updatedAt,
  };
}

/** A chatbot of the caller's workspace from the view; any other is "not found". */
export async function ownedChatbot(views: ReadStoreReader, workspaceId: string, id: string): Promise<ChatbotDoc> {
  const doc = await views.get<ChatbotDoc>(CHATBOTS, id);
  if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('Chatbot not found');
  return doc;
}

export function chatbotsRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  { views, chatbots }: Pick<ExternalApiDeps, 'views' | 'chatbots'>,
): void {
  const tags = ['Chatbots'];

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/chatbots',
      summary: 'List chatbots',
      tags,
      responses: {
        200: {
          description: "The workspace's chatbots, newest first",
          schema: wrapped({ type: 'array', items: chatbotSchema('list') }),
        },
      },
    },
    async ({ res }) => {
      const docs = await views.find<ChatbotDoc>(
        CHATBOTS,
        { workspaceId: principalOf(res).workspaceId },
        { sort: [['createdAt', -1]] },
      );
      return { body: derivedFrom(listBodies, docs, () => ({ data: docs.map((d) => pick(d, 'list')) })) };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/chatbots/:id',
      summary: 'Get a chatbot',
      tags,
      params: idParams,
      responses: { 200: { description: 'The chatbot', schema: wrapped(chatbotSchema('get')) } },
    },
    async ({ params, res }) => ({
      body: { data: pick(await ownedChatbot(views, principalOf(res).workspaceId, params.id), 'get') },
    }),
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/chatbots',
      summary: 'Create a chatbot (subject to the plan chatbot cap)',
      tags,
      body: createChatbotBody,
      responses: { 201: { description: 'Created', schema: wrapped(chatbotSchema('create')) } },
    },
    async ({ body, res }) => {
      const { state, at, recovered } = await createUnderKey(res, 'chatbot', (opts) =>
        chatbots.create(body, contextOf(res), opts),
      );
      return { status: 201, body: { data: pick(await written(views, state, at, !recovered), 'create') } };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'put',
      path: '/chatbots/:id',
      summary: 'Update a chatbot (only given fields change)',
      tags,
      params: idParams,
      body: updateChatbotBody,
      responses: { 200: { description: 'Updated', schema: wrapped(chatbotSchema('update')) } },
    },
    async ({ params, body, res }) => {
      const ctx = contextOf(res);
      const { state, at } = await chatbots.update(params.id, body, ctx);
      return { body: { data: pick(await written(views, state, at), 'update') } };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'delete',
      path: '/chatbots/:id',
      summary: 'Delete a chatbot permanently, with its webhooks',
      tags,
      params: idParams,
      responses: { 200: { description: 'Deleted', schema: messageSchema } },
    },
    async ({ params, res }) => {
      await chatbots.delete(params.id, contextOf(res));
      return { body: { message: 'Chatbot deleted successfully' } };
    },
  );

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/chatbots/:id/duplicate',
      summary: 'Duplicate a chatbot (subject to the plan chatbot cap)',
      tags,
      params: idParams,
      responses: { 201: { description: 'The copy', schema: wrapped(chatbotSchema('duplicate')) } },
    },
    async ({ params, res }) => {
      const ctx = contextOf(res);
      const { state, at, recovered } = await createUnderKey(res, 'chatbot', (opts) =>
        chatbots.duplicate(params.id, ctx, opts),
      );
      return { status: 201, body: { data: pick(await written(views, state, at, !recovered), 'duplicate') } };
    },
  );
}
