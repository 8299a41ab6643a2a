/**
 * A chatbot's AI agent on both doors (docs/ai-agents.md, Agents): read, set and remove. As for
 * other chatbot writes, members and admins alike may change it on the dashboard; on the External
 * API the key's scopes decide. Removing the agent makes the chatbot a flow bot again.
 */
import type { AgentPreviewCommands } from '../../../commands/agentPreviewCommands.js';
import type { ChatbotCommands } from '../../../commands/chatbotCommands.js';
import { agentWithDefaults } from '../../../domain/agent/agentSettings.js';
import { NotFoundError } from '../../../domain/errors.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, messageSchema, wrapped } from '../resourceSchemas.js';
import { unnamed } from '../../http/namedSchema.js';
import { agentBody, agentSchema, previewAnswerSchema, previewBody } from './chatbotAgentSchemas.js';
import { answerAsEventStream, wantsEventStream } from '../../chat/eventStreamAnswer.js';
import { ownedChatbot } from './chatbotQueries.js';

export interface ChatbotAgentRoutesDeps {
  views: ReadStoreReader;
  chatbots: ChatbotCommands;
  agentPreview: AgentPreviewCommands;
}

const TAGS: PerDoor<string[]> = { key: ['Chatbot agents'], session: ['Dashboard: chatbot agents'] };
const NO_AGENT = { 404: { description: 'No such chatbot in this workspace, or it has no agent' } };

export function chatbotAgentRoutes(
  door: ResourceDoor,
  { views, chatbots, agentPreview }: ChatbotAgentRoutesDeps,
): void {
  const tags = TAGS[door.kind];

  // The dashboard opens the Agent tab of every chatbot: one without an agent is an answer there
  // (data: null), not an error; the External API keeps its 404.
  const noAgentIsNull = door.kind === 'session';
  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/agent',
      summary: "A chatbot's AI agent",
      tags,
      params: idParams,
      responses: noAgentIsNull
        ? {
            200: {
              description: 'The agent; null when the chatbot has none',
              schema: wrapped({ ...unnamed(agentSchema), nullable: true }),
            },
            404: { description: 'No such chatbot in this workspace' },
          }
        : { 200: { description: 'The agent', schema: wrapped(agentSchema) }, ...NO_AGENT },
    },
    async ({ params, res }) => {
      const doc = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      if (!doc.agent && !noAgentIsNull) throw new NotFoundError('This chatbot has no agent');
      return { body: { data: doc.agent ? agentWithDefaults(doc.agent) : null } };
    },
  );

  door.add(
    {
      method: 'put',
      path: '/chatbots/:id/agent',
      summary: 'Give a chatbot an AI agent that answers every visitor message, or change its settings',
      tags,
      params: idParams,
      body: agentBody,
      responses: {
        200: { description: 'The agent as stored, defaults filled in', schema: wrapped(agentSchema) },
        400: { description: 'A bad field; the error names it' },
        404: { description: 'No such chatbot, or no such model connection, in this workspace' },
      },
    },
    async ({ params, body, res }) => ({ body: { data: await chatbots.setAgent(params.id, body, contextOf(res)) } }),
  );

  door.add(
    {
      method: 'delete',
      path: '/chatbots/:id/agent',
      summary: 'Remove the AI agent: the chatbot answers with its flow again',
      tags,
      params: idParams,
      responses: { 200: { description: 'Removed', schema: messageSchema }, ...NO_AGENT },
    },
    async ({ params, res }) => {
      await chatbots.removeAgent(params.id, contextOf(res));
      return { body: { message: 'Agent removed; the chatbot answers with its flow again' } };
    },
  );

  door.add(
    {
      method: 'post',
      path: '/chatbots/:id/agent/preview',
      summary:
        "Try the agent on a conversation you keep: one answer, with the model, tokens and latency. No session, response or webhook is recorded; the tokens are spent on the workspace's connection and count in the month's AI tokens (GET /usage/ai)",
      tags,
      params: idParams,
      body: previewBody,
      responses: {
        200: {
          description:
            'The answer. A model that gives none is still a 200: `error` says why in plain words and `text` is what the visitor would read. With `Accept: text/event-stream` the answer streams as `token` events ({text}) and ends with a `done` event carrying this JSON',
          schema: wrapped(previewAnswerSchema),
        },
        400: { description: 'A bad field; the error names it' },
        404: { description: 'No such chatbot in this workspace, or it has no agent and none was sent' },
      },
    },
    async ({ params, body, req, res }) => {
      const ctx = contextOf(res);
      const preview = (onToken?: (text: string) => void) => agentPreview.preview(params.id, body, ctx, onToken);
      if (!wantsEventStream(req)) return { body: { data: await preview() } };
      await answerAsEventStream(res, async (onToken) => ({ data: await preview(onToken) }));
    },
  );
}
