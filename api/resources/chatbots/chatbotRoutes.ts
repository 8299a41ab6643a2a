/**
 * The chatbot endpoints of both doors (docs/external-api.md, Chatbots). The commands are the
 * same (plan cap, validation, flow rules), and so is every read; the key door answers each
 * operation's own fields, the dashboard every field with the flow and the embed snippet, and
 * its list the plan cap. Members and admins alike may manage chatbots (docs/sign-in.md).
 */
import type { ChatbotCommands } from '../../../commands/chatbotCommands.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import type { ChatbotDoc } from '../../../projections/views/chatbotsView.js';
import { derivedFrom } from '../../http/frozenAnswers.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, messageSchema, wrapped } from '../resourceSchemas.js';
import { type ChatbotOp, embedOf, pick, presentChatbot, presentListedChatbot } from './chatbotPresenter.js';
import { chatbotCap, ownedChatbot, workspaceChatbots, written } from './chatbotQueries.js';
import {
  chatbotDetailSchema,
  chatbotListSchema,
  chatbotSchema,
  createChatbotBody,
  updateChatbotBody,
} from './chatbotSchemas.js';

export interface ChatbotRoutesDeps {
  views: ReadStoreReader;
  chatbots: ChatbotCommands;
  /** Where the widget script is served, for the dashboard's embed snippet (the session door's). */
  publicUrl?: string;
}

const TAGS: PerDoor<string[]> = { key: ['Chatbots'], session: ['Dashboard: chatbots'] };
const NO_SUCH_CHATBOT = { 404: { description: 'No such chatbot in this workspace' } };
const listBodies = new WeakMap<ChatbotDoc[], { data: Array<Record<string, unknown>> }>();

export function chatbotRoutes(door: ResourceDoor, { views, chatbots, publicUrl }: ChatbotRoutesDeps): void {
  const tags = TAGS[door.kind];
  const onKey = door.kind === 'key';
  /** One chatbot as this door answers `op`. */
  const answer = (doc: ChatbotDoc, op: ChatbotOp) =>
    onKey ? { data: pick(doc, op) } : { data: presentChatbot(doc), embed: embedOf(publicUrl ?? '', doc.id) };

  door.add(
    {
      method: 'get',
      path: '/chatbots',
      tags,
      ...{
        key: {
          summary: 'List chatbots',
          responses: {
            200: {
              description: "The workspace's chatbots, newest first",
              schema: wrapped({ type: 'array', items: chatbotSchema('list') }, 'ChatbotList'),
            },
          },
        },
        session: {
          summary: "List the workspace's chatbots with the plan cap",
          responses: { 200: { description: 'Newest first', schema: chatbotListSchema } },
        },
      }[door.kind],
    },
    async ({ res }) => {
      const { workspaceId, workspace } = principalOf(res);
      const docs = await workspaceChatbots(views, workspaceId);
      if (onKey) return { body: derivedFrom(listBodies, docs, () => ({ data: docs.map((d) => pick(d, 'list')) })) };
      return { body: { data: docs.map(presentListedChatbot), cap: chatbotCap(workspace, docs.length) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id',
      tags,
      params: idParams,
      ...{
        key: {
          summary: 'Get a chatbot',
          responses: { 200: { description: 'The chatbot', schema: wrapped(chatbotSchema('get')) } },
        },
        session: {
          summary: 'A chatbot with its flow and embed snippet',
          responses: { 200: { description: 'The chatbot', schema: chatbotDetailSchema }, ...NO_SUCH_CHATBOT },
        },
      }[door.kind],
    },
    async ({ params, res }) => ({
      body: answer(await ownedChatbot(views, principalOf(res).workspaceId, params.id), 'get'),
    }),
  );

  door.add(
    {
      method: 'post',
      path: '/chatbots',
      summary: 'Create a chatbot (subject to the plan chatbot cap)',
      tags,
      body: createChatbotBody,
      responses: {
        key: { 201: { description: 'Created', schema: wrapped(chatbotSchema('create')) } },
        session: {
          201: { description: 'Created', schema: chatbotDetailSchema },
          400: { description: 'Invalid name, description or flow' },
          403: { description: "PLAN_LIMIT: the plan's chatbot cap is reached" },
        },
      }[door.kind],
    },
    async ({ body, res }) => {
      const { state, at, recovered } = await door.create(res, 'chatbot', (opts) =>
        chatbots.create(body, contextOf(res), opts),
      );
      return { status: 201, body: answer(await written(views, state, at, !recovered), 'create') };
    },
  );

  door.add(
    {
      method: 'put',
      path: '/chatbots/:id',
      tags,
      params: idParams,
      body: updateChatbotBody,
      ...{
        key: {
          summary: 'Update a chatbot (only given fields change)',
          responses: { 200: { description: 'Updated', schema: wrapped(chatbotSchema('update')) } },
        },
        session: {
          summary: 'Update a chatbot: name, description, disabled, flow (only given fields change)',
          responses: {
            200: { description: 'Updated', schema: chatbotDetailSchema },
            400: { description: 'Invalid field' },
            ...NO_SUCH_CHATBOT,
          },
        },
      }[door.kind],
    },
    async ({ params, body, res }) => {
      const { state, at } = await chatbots.update(params.id, body, contextOf(res));
      return { body: answer(await written(views, state, at), 'update') };
    },
  );

  door.add(
    {
      method: 'delete',
      path: '/chatbots/:id',
      summary: 'Delete a chatbot permanently, with its webhooks',
      tags,
      params: idParams,
      responses: {
        key: { 200: { description: 'Deleted', schema: messageSchema } },
        session: { 200: { description: 'Deleted', schema: messageSchema }, ...NO_SUCH_CHATBOT },
      }[door.kind],
    },
    async ({ params, res }) => {
      await chatbots.delete(params.id, contextOf(res));
      return { body: { message: 'Chatbot deleted successfully' } };
    },
  );

  door.add(
    {
      method: 'post',
      path: '/chatbots/:id/duplicate',
      tags,
      params: idParams,
      ...{
        key: {
          summary: 'Duplicate a chatbot (subject to the plan chatbot cap)',
          responses: { 201: { description: 'The copy', schema: wrapped(chatbotSchema('duplicate')) } },
        },
        session: {
          summary: 'Duplicate a chatbot with its flow (subject to the plan chatbot cap)',
          responses: {
            201: { description: 'The copy', schema: chatbotDetailSchema },
            403: { description: 'PLAN_LIMIT' },
            ...NO_SUCH_CHATBOT,
          },
        },
      }[door.kind],
    },
    async ({ params, res }) => {
      const { state, at, recovered } = await door.create(res, 'chatbot', (opts) =>
        chatbots.duplicate(params.id, contextOf(res), opts),
      );
      return { status: 201, body: answer(await written(views, state, at, !recovered), 'duplicate') };
    },
  );
}
