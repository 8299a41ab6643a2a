/**
 * The response records, read from the `responses` view (docs/external-api.md, Responses). The
 * key door lists one chatbot's at /chatbots/{id}/responses; the dashboard's Responses page reads
 * the workspace's at /responses, across its chatbots or one, filtered by day range, how the
 * conversation ended and visitor id. The record is the same on both.
 */
import { dayRange } from '../../../domain/conversation/utcDays.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { CHATBOTS } from '../../../projections/views/chatbotsView.js';
import { RESPONSES } from '../../../projections/views/responsesView.js';
import { principalOf } from '../../principal/principal.js';
import { ownedChatbot } from '../chatbots/chatbotQueries.js';
import type { ResourceDoor } from '../resourceDoor.js';
import { idParams, wrapped } from '../resourceSchemas.js';
import { responseExportRoute } from './responseExportRoute.js';
import { presentDashboardResponse, presentProvenance, toResponseRecord } from './responsePresenter.js';
import {
  countResponses,
  findResponses,
  ownedResponse,
  type ResponsesFilterQuery,
  responsesFilter,
} from './responseQueries.js';
import {
  chatbotParams,
  dashboardResponseSchema,
  listResponsesQuery,
  provenanceSchema,
  responseParams,
  responseRecordSchema,
  responsesPage,
  responsesPageSchema,
  responsesQuery,
} from './responseSchemas.js';

export interface ResponseRoutesDeps {
  views: ReadStoreReader;
  /**
   * What the export pages through, uncached: a million rows read once would only fill the key
   * door's answer cache (and the process's memory). Absent: `views`.
   */
  exportViews?: ReadStoreReader;
}

export function responseRoutes(door: ResourceDoor, deps: ResponseRoutesDeps): void {
  // Before /chatbots/:id/responses/:responseId, which would take `export` for a response id.
  responseExportRoute(door, deps);
  if (door.kind === 'key') keyDoorResponses(door, deps);
  else dashboardResponses(door, deps);
}

/** Both doors' provenance answer: the record's, once it is the caller's (and the path's chatbot's). */
async function provenanceAnswer(views: ReadStoreReader, workspaceId: string, responseId: string, chatbotId?: string) {
  const doc = await ownedResponse(views, workspaceId, responseId, chatbotId);
  return { body: { data: presentProvenance(doc) } };
}

function keyDoorResponses(door: ResourceDoor, { views }: ResponseRoutesDeps): void {
  const tags = ['Responses'];
  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/responses',
      summary: "List a chatbot's responses, newest first",
      tags,
      params: chatbotParams,
      query: listResponsesQuery,
      responses: { 200: { description: 'One page of response records', schema: responsesPage } },
    },
    async ({ params, query, res }) => {
      const chatbot = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      const days = dayRange(query.startDate, query.endDate);
      const { page, limit } = query as { page: number; limit: number };
      const [total, docs] = await Promise.all([
        days.first || days.last ? countResponses(views, chatbot.id, days) : Promise.resolve(chatbot.responseCount ?? 0),
        findResponses(views, chatbot.id, days, page, limit),
      ]);
      return { body: { data: docs.map(toResponseRecord), total, page, totalPages: Math.ceil(total / limit) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/responses/:responseId',
      summary: 'Get one response with the full conversation',
      tags,
      params: responseParams,
      responses: { 200: { description: 'The response record', schema: wrapped(responseRecordSchema) } },
    },
    async ({ params, res }) => {
      const doc = await ownedResponse(views, principalOf(res).workspaceId, params.responseId, params.id);
      return { body: { data: toResponseRecord(doc) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/responses/:responseId/provenance',
      summary:
        'Where each AI answer of a response came from: model, tokens, the passages it was given with their scores, the sources it cites',
      tags,
      params: responseParams,
      responses: { 200: { description: 'One item per AI answer, in record order', schema: provenanceSchema } },
    },
    ({ params, res }) => provenanceAnswer(views, principalOf(res).workspaceId, params.responseId, params.id),
  );
}

function dashboardResponses(door: ResourceDoor, { views }: ResponseRoutesDeps): void {
  const tags = ['Dashboard: responses'];
  door.add(
    {
      method: 'get',
      path: '/responses',
      summary: 'Response records of the workspace, newest first, filtered',
      tags,
      query: responsesQuery,
      responses: {
        200: { description: 'One page', schema: responsesPageSchema },
        400: { description: 'Invalid filter' },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ query, res }) => {
      const q = query as ResponsesFilterQuery;
      const { workspaceId } = principalOf(res);
      const chatbots = q.chatbotId
        ? [await ownedChatbot(views, workspaceId, q.chatbotId)]
        : await views.find(CHATBOTS, { workspaceId });
      if (!chatbots.length) return { body: { data: [], total: 0, page: q.page, totalPages: 0 } };
      const filter = responsesFilter(
        q,
        chatbots.map((c) => c.id),
      );
      const [total, docs] = await Promise.all([
        views.count(RESPONSES, filter),
        views.find(RESPONSES, filter, {
          sort: [['chatDate', -1]],
          skip: (q.page - 1) * q.limit,
          limit: q.limit,
        }),
      ]);
      const names = new Map(chatbots.map((c) => [c.id, c.name]));
      return {
        body: {
          data: docs.map((d) => presentDashboardResponse(d, names)),
          total,
          page: q.page,
          totalPages: Math.ceil(total / q.limit),
        },
      };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/responses/:id',
      summary: 'One response with the full conversation',
      tags,
      params: idParams,
      responses: {
        200: {
          description: 'The response record',
          schema: wrapped(dashboardResponseSchema),
        },
        404: { description: 'No such response in this workspace' },
      },
    },
    async ({ params, res }) => {
      const doc = await ownedResponse(views, principalOf(res).workspaceId, params.id);
      const chatbot = await views.get(CHATBOTS, doc.chatbotId);
      return { body: { data: presentDashboardResponse(doc, new Map(chatbot ? [[chatbot.id, chatbot.name]] : [])) } };
    },
  );
  door.add(
    {
      method: 'get',
      path: '/responses/:id/provenance',
      summary: 'Where each AI answer of a response came from (as the External API answers it)',
      tags,
      params: idParams,
      responses: {
        200: { description: 'One item per AI answer, in record order', schema: provenanceSchema },
        404: { description: 'No such response in this workspace' },
      },
    },
    ({ params, res }) => provenanceAnswer(views, principalOf(res).workspaceId, params.id),
  );
}
