/**
 * Deleting a chatbot deletes its webhooks (seed: Webhook subscription). Done before the request
 * answers, so the webhook list and the plan's webhook slots show it at once; the webhook
 * dispatcher's sweep still removes any webhook created concurrently with the delete.
 */
import type { Services } from '../app/compositionRoot.js';
import { WEBHOOKS, type WebhookDoc } from '../projections/views/webhooksView.js';
import type { CommandContext } from './commandContext.js';
import { webhookCommandsFor } from './webhookCommands.js';

export async function deleteChatbotWithWebhooks(services: Services, chatbotId: string, ctx: CommandContext & { workspaceId: string }): Promise<void> {
  await services.chatbots.delete(chatbotId, ctx);
  const webhooks = webhookCommandsFor(services);
  for (const hook of await services.views.find<WebhookDoc>(WEBHOOKS, { chatbotId })) {
    await webhooks.remove(hook.id, 'chatbot_deleted', ctx);
  }
}
