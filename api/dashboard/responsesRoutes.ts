/**
 * The Responses page's reads: the External API's response records (same presenter), across the
 * workspace's chatbots or one, filtered by day range, how the conversation ended and visitor id.
 */
import type { Filter } from '../../infrastructure/readStore/readStore.js';
import { NotFoundError } from '../../domain/errors.js';
import { dayRange, endOfDay, startOfDay } from '../../domain/conversation/utcDays.js';
import { CHATBOTS, type ChatbotDoc } from '../../projections/views/chatbotsView.js';
import { RESPONSES, type ResponseDoc } from '../../projections/views/responsesView.js';
import { ownedChatbot } from '../resources/chatbots/chatbotQueries.js';
import { toResponseRecord } from '../resources/responses/responseQueries.js';
import { idParams } from '../resources/resourceSchemas.js';
import { principalOf } from '../principal/principal.js';
import type { DashboardResource } from './dashboardApiDeps.js';
import { addSessionRoute } from './sessionRoute.js';
import { dashboardResponseSchema, responsesPageSchema, responsesQuery } from './dashboardSchemas.js';

interface ResponsesQuery {
  chatbotId?: string;
  startDate?: string;
  endDate?: string;
  resolution?: 'resolved' | 'escalated' | 'ended' | 'active';
  visitorId?: string;
  page: number;
  limit: number;
}

const DELETED = '(deleted chatbot)';

function present(doc: ResponseDoc, names: Map<string, string>) {
  return { ...toResponseRecord(doc), chatbotId: doc.chatbotId, chatbotName: names.get(doc.chatbotId) ?? DELETED };
}

/** The view filter of a query; the chatbot ids keep it on the (chatbotId, chatDate) index. */
function filterOf(q: ResponsesQuery, chatbotIds: string[]): Filter {
  const days = dayRange(q.startDate, q.endDate);
  const chatDate: Record<string, string> = {};
  if (days.first) chatDate.$gte = startOfDay(days.first);
  if (days.last) chatDate.$lte = endOfDay(days.last);
  return {
    chatbotId: chatbotIds.length === 1 ? chatbotIds[0] : { $in: chatbotIds },
    ...(Object.keys(chatDate).length ? { chatDate } : {}),
    ...(q.resolution === 'active' ? { status: 'active' } : q.resolution ? { resolution: q.resolution } : {}),
    ...(q.visitorId ? { visitorId: q.visitorId } : {}),
  };
}

export const responsesRoutes: DashboardResource = (router, registry, mount, { views }) => {
  const tags = ['Dashboard: responses'];

  addSessionRoute(
    router,
    registry,
    mount,
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
      const q = query as ResponsesQuery;
      const { workspaceId } = principalOf(res);
      const chatbots = q.chatbotId
        ? [await ownedChatbot(views, workspaceId, q.chatbotId)]
        : await views.find<ChatbotDoc>(CHATBOTS, { workspaceId });
      if (!chatbots.length) return { body: { data: [], total: 0, page: q.page, totalPages: 0 } };
      const filter = filterOf(
        q,
        chatbots.map((c) => c.id),
      );
      const [total, docs] = await Promise.all([
        views.count(RESPONSES, filter),
        views.find<ResponseDoc>(RESPONSES, filter, {
          sort: [['chatDate', -1]],
          skip: (q.page - 1) * q.limit,
          limit: q.limit,
        }),
      ]);
      const names = new Map(chatbots.map((c) => [c.id, c.name]));
      return {
        body: { data: docs.map((d) => present(d, names)), total, page: q.page, totalPages: Math.ceil(total / q.limit) },
      };
    },
  );

  addSessionRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/responses/:id',
      summary: 'One response with the full conversation',
      tags,
      params: idParams,
      responses: {
        200: {
          description: 'The response record',
          schema: { type: 'object', required: ['data'], properties: { data: dashboardResponseSchema } },
        },
        404: { description: 'No such response in this workspace' },
      },
    },
    async ({ params, res }) => {
      const doc = await views.get<ResponseDoc>(RESPONSES, params.id);
      if (!doc || doc.workspaceId !== principalOf(res).workspaceId) throw new NotFoundError('Response not found');
      const chatbot = await views.get<ChatbotDoc>(CHATBOTS, doc.chatbotId);
      return { body: { data: present(doc, new Map(chatbot ? [[chatbot.id, chatbot.name]] : [])) } };
    },
  );
};
