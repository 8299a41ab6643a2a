/** Responses endpoints (docs/external-api.md, Responses), read from the `responses` view. */
import type { Router } from 'express';
import { NotFoundError } from '../../domain/errors.js';
import { dayRange } from '../../domain/conversation/utcDays.js';
import { RESPONSES, type ResponseDoc } from '../../projections/views/responsesView.js';
import type { ExternalApiDeps } from './externalApiDeps.js';
import type { OpenApiRegistry } from '../http/openApiRegistry.js';
import { addApiKeyRoute } from './apiKeyRoute.js';
import { principalOf } from '../principal/principal.js';
import { ownedChatbot } from '../resources/chatbots/chatbotQueries.js';
import { wrapped } from '../resources/resourceSchemas.js';
import {
  chatbotParams,
  listResponsesQuery,
  responseParams,
  responseRecordSchema,
  responsesPage,
} from '../resources/responses/responseSchemas.js';
import { countResponses, findResponses, toResponseRecord } from '../resources/responses/responseQueries.js';

export function responsesRoutes(
  router: Router,
  registry: OpenApiRegistry,
  mount: string,
  { views }: Pick<ExternalApiDeps, 'views'>,
): void {
  const tags = ['Responses'];

  addApiKeyRoute(
    router,
    registry,
    mount,
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

  addApiKeyRoute(
    router,
    registry,
    mount,
    {
      method: 'get',
      path: '/chatbots/:id/responses/:responseId',
      summary: 'Get one response with the full conversation',
      tags,
      params: responseParams,
      responses: { 200: { description: 'The response record', schema: wrapped(responseRecordSchema) } },
    },
    async ({ params, res }) => {
      const chatbot = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      const doc = await views.get<ResponseDoc>(RESPONSES, params.responseId);
      if (!doc || doc.chatbotId !== chatbot.id) throw new NotFoundError('Response not found');
      return { body: { data: toResponseRecord(doc) } };
    },
  );
}
