/**
 * A chatbot's AI agent on both doors (docs/ai-agents.md, Agents): read, set and remove. As for
 * other chatbot writes, members and admins alike may change it on the dashboard; on the External
 * API the key's scopes decide. Removing the agent makes the chatbot a flow bot again.
 */
import type { ChatbotCommands } from '../../../commands/chatbotCommands.js';
import { agentWithDefaults } from '../../../domain/agent/agentSettings.js';
import { NotFoundError } from '../../../domain/errors.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, messageSchema, wrapped } from '../resourceSchemas.js';
import { agentBody, agentSchema } from './chatbotAgentSchemas.js';
import { ownedChatbot } from './chatbotQueries.js';

export interface ChatbotAgentRoutesDeps {
  views: ReadStoreReader;
  chatbots: ChatbotCommands;
}

const TAGS: PerDoor<string[]> = { key: ['Chatbot agents'], session: ['Dashboard: chatbot agents'] };
const NO_AGENT = { 404: { description: 'No such chatbot in this workspace, or it has no agent' } };

export function chatbotAgentRoutes(door: ResourceDoor, { views, chatbots }: ChatbotAgentRoutesDeps): void {
  const tags = TAGS[door.kind];

  door.add(
    {
      method: 'get',
      path: '/chatbots/:id/agent',
      summary: "A chatbot's AI agent",
      tags,
      params: idParams,
      responses: { 200: { description: 'The agent', schema: wrapped(agentSchema) }, ...NO_AGENT },
    },
    async ({ params, res }) => {
      const doc = await ownedChatbot(views, principalOf(res).workspaceId, params.id);
      if (!doc.agent) throw new NotFoundError('This chatbot has no agent');
      return { body: { data: agentWithDefaults(doc.agent) } };
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
}
