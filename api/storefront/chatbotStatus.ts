/** What the settings page says about the chatbot an id names: found or not, its name, enabled or not. */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { CHATBOTS } from '../../projections/views/chatbotsView.js';

export interface ChatbotStatus {
  id: string;
  exists: boolean;
  name: string | null;
  enabled: boolean;
}

export async function chatbotStatus(views: ReadStoreReader, chatbotId: string | null): Promise<ChatbotStatus | null> {
  if (!chatbotId) return null;
  const bot = await views.get(CHATBOTS, chatbotId);
  return { id: chatbotId, exists: !!bot, name: bot?.name ?? null, enabled: !!bot && !bot.disabled };
}

export const CHATBOT_STATUS_SCHEMA = {
  type: 'object',
  nullable: true,
  required: ['id', 'exists', 'name', 'enabled'],
  properties: {
    id: { type: 'string' },
    exists: { type: 'boolean' },
    name: { type: 'string', nullable: true },
    enabled: { type: 'boolean' },
  },
};
