/**
 * GET /chatbots/{id}/responses/export on both doors (docs/external-api.md, Export): a chatbot's
 * conversations as a CSV or NDJSON file, oldest first, one line per response record. It streams:
 * the view is read a page at a time and each page written as the client takes it, so memory stays
 * flat however many records there are. Once the first byte is out the status is sent; a failure
 * after that cuts the transfer short, which the client sees as an incomplete download.
 */
import { dayRange } from '../../../domain/conversation/utcDays.js';
import { declaredVariables } from '../../../domain/flow/declaredVariables.js';
import { principalOf } from '../../principal/principal.js';
import { ownedChatbot } from '../chatbots/chatbotQueries.js';
import type { ResourceDoor } from '../resourceDoor.js';
import { type ExportFormat, exportFormatter } from './responseExportFormats.js';
import { responsePagesInOrder } from './responsePagesInOrder.js';
import type { ResponseRoutesDeps } from './responseRoutes.js';
import { chatbotParams, exportResponsesQuery } from './responseSchemas.js';
import { writeWithBackpressure } from './writeWithBackpressure.js';

/** A file name any browser and shell takes as is. */
const safeName = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');

export function responseExportRoute(door: ResourceDoor, { views, exportViews = views }: ResponseRoutesDeps): void {
  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/responses/export',
      summary: "Download a chatbot's conversations as CSV or NDJSON, one line per response, oldest first",
      tags: door.kind === 'key' ? ['Responses'] : ['Dashboard: responses'],
      params: chatbotParams,
      query: exportResponsesQuery,
      responses: {
        200: {
          description:
            'The file, streamed (Content-Disposition: attachment). CSV (RFC 4180, CRLF): a header line, then id, visitorId, chatSessionId, started, ended, status, resolution, escalationReason, flowVersion, aiAgent, turnCount, one `answer.<name>` column per variable the flow declares and `otherAnswers` (JSON of any other variable). NDJSON: one JSON object per line with the same fields and `answerVariables`.',
          contentType: ['text/csv', 'application/x-ndjson'],
          schema: { type: 'string' },
        },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ params, query, res }) => {
      const chatbot = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      const days = dayRange(query.startDate, query.endDate);
      const format = exportFormatter(query.format as ExportFormat, declaredVariables(chatbot.flow));
      const day = new Date().toISOString().slice(0, 10);
      res.status(200);
      res.setHeader('Content-Type', format.contentType);
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="responses-${safeName(chatbot.id)}-${day}.${format.extension}"`,
      );
      res.setHeader('Cache-Control', 'no-store');
      try {
        if (format.header && !(await writeWithBackpressure(res, format.header))) return;
        for await (const page of responsePagesInOrder(exportViews, chatbot.id, days)) {
          if (!(await writeWithBackpressure(res, page.map(format.row).join('')))) return;
        }
        res.end();
      } catch (err) {
        // Headers and rows may be out already: no JSON error can follow, only a cut transfer.
        if (!res.headersSent) throw err;
        res.destroy(err as Error);
      }
    },
  );
}
