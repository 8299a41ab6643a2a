/**
 * The dashboard's chatbots: the External API's commands (plan cap, validation, flow rules) and
 * presenters, plus what only the dashboard shows: the flow, the plan cap and the embed snippet.
 * Members and admins alike may manage chatbots (README: Dashboard → Roles).
 */
import type { Response } from 'express';
import { CHATBOTS, type ChatbotDoc } from '../../projections/views/chatbotsView.js';
import { WORKSPACES, type WorkspaceDoc } from '../../projections/views/workspacesView.js';
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { NotFoundError } from '../../domain/errors.js';
import { ownedChatbot, pick, written } from '../external/chatbotsRoutes.js';
import { createChatbotBody, idParams, messageSchema, updateChatbotBody } from '../external/chatbotSchemas.js';
import { limitsOfWorkspace } from '../external/usageReport.js';
import { contextOf, principalOf } from '../principal/principal.js';
import type { DashboardResource } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';
import { chatbotDetailSchema, chatbotListSchema } from './dashboardSchemas.js';

const workspaceOf = (res: Response) => principalOf(res).workspaceId;

export function presentChatbot(doc: ChatbotDoc) {
  return { ...pick(doc, 'get'), flow: doc.flow };
}

/** The widget's embed code (web/widget/index.ts): the script, then one call with the bot id. */
export function embedOf(publicUrl: string, chatbotId: string) {
  const scriptUrl = `${publicUrl.replace(/\/$/, '')}/widget.js`;
  return {
    scriptUrl,
    snippet: `<script src="${scriptUrl}"></script>\n<script>ConfabWidget('${chatbotId}', 'bubble');</script>`,
  };
}

/** How many chatbots the workspace has and may have. */
export async function chatbotCap(views: ReadStoreReader, workspaceId: string, count: number) {
  const workspace = await views.get<WorkspaceDoc>(WORKSPACES, workspaceId);
  if (!workspace) throw new NotFoundError('Workspace not found');
  return { used: count, limit: limitsOfWorkspace(workspace).chatbots };
}

export const chatbotsRoutes: DashboardResource = (router, registry, mount, { views, chatbots, session }) => {
  const tags = ['Dashboard: chatbots'];
  const detail = async (doc: ChatbotDoc) => ({ data: presentChatbot(doc), embed: embedOf(session.publicUrl, doc.id) });

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/chatbots',
      summary: "List the workspace's chatbots with the plan cap",
      tags,
      responses: { 200: { description: 'Newest first', schema: chatbotListSchema } },
    },
    async ({ res }) => {
      const workspaceId = workspaceOf(res);
      const docs = await views.find<ChatbotDoc>(CHATBOTS, { workspaceId }, { sort: [['createdAt', -1]] });
      return {
        body: {
          data: docs.map((d) => ({ ...pick(d, 'list'), description: d.description ?? '' })),
          cap: await chatbotCap(views, workspaceId, docs.length),
        },
      };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/chatbots/:id',
      summary: 'A chatbot with its flow and embed snippet',
      tags,
      params: idParams,
      responses: {
        200: { description: 'The chatbot', schema: chatbotDetailSchema },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ params, res }) => ({ body: await detail(await ownedChatbot(views, workspaceOf(res), params.id)) }),
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/chatbots',
      summary: 'Create a chatbot (subject to the plan chatbot cap)',
      tags,
      body: createChatbotBody,
      responses: {
        201: { description: 'Created', schema: chatbotDetailSchema },
        400: { description: 'Invalid name, description or flow' },
        403: { description: "PLAN_LIMIT: the plan's chatbot cap is reached" },
      },
    },
    async ({ body, res }) => {
      const { state, at } = await chatbots.create(body, contextOf(res));
      return { status: 201, body: await detail(await written(views, state, at, true)) };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'put',
      path: '/chatbots/:id',
      summary: 'Update a chatbot: name, description, disabled, flow (only given fields change)',
      tags,
      params: idParams,
      body: updateChatbotBody,
      responses: {
        200: { description: 'Updated', schema: chatbotDetailSchema },
        400: { description: 'Invalid field' },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ params, body, res }) => {
      const { state, at } = await chatbots.update(params.id, body, contextOf(res));
      return { body: await detail(await written(views, state, at)) };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'post',
      path: '/chatbots/:id/duplicate',
      summary: 'Duplicate a chatbot with its flow (subject to the plan chatbot cap)',
      tags,
      params: idParams,
      responses: {
        201: { description: 'The copy', schema: chatbotDetailSchema },
        403: { description: 'PLAN_LIMIT' },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ params, res }) => {
      const { state, at } = await chatbots.duplicate(params.id, contextOf(res));
      return { status: 201, body: await detail(await written(views, state, at, true)) };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'delete',
      path: '/chatbots/:id',
      summary: 'Delete a chatbot permanently, with its webhooks',
      tags,
      params: idParams,
      responses: {
        200: { description: 'Deleted', schema: messageSchema },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ params, res }) => {
      await chatbots.delete(params.id, contextOf(res));
      return { body: { message: 'Chatbot deleted successfully' } };
    },
  );
};
