/**
 * A chatbot with an agent, created straight through its aggregate: for command tests that need
 * one in the log without the HTTP API around it.
 */
import type { AggregateStore } from '../../commands/aggregateStore.js';
import type { CommandContext } from '../../commands/commandContext.js';
import { validateAgentSettings } from '../../domain/agent/agentSettings.js';
import { chatbotDecider, chatbotStream } from '../../domain/chatbot/chatbot.js';

/** Chatbot `b1` of workspace `w1`, its agent on connection `c1`, with `agent` fields on top. */
export async function createAgentChatbot(
  aggregates: AggregateStore,
  ctx: CommandContext,
  agent: Record<string, unknown> = {},
): Promise<void> {
  await aggregates.handle(
    chatbotStream('b1'),
    chatbotDecider,
    {
      type: 'CreateChatbot',
      chatbotId: 'b1',
      workspaceId: 'w1',
      name: 'Bot',
      description: '',
      flow: { steps: [] } as never,
      agent: validateAgentSettings({ name: 'Ava', instructions: 'Help.', connectionId: 'c1', ...agent }),
    },
    ctx,
  );
}
