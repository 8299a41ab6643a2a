/** @jsxImportSource react */
/** What the pasted text names: which chatbot, and whether it exists and is enabled. */
import { Badge, Flex, Small, Text } from '@bigcommerce/big-design';
import type { ChatbotStatus } from './settingsApi.js';

export function ChatbotFound({
  input,
  chatbotId,
  chatbot,
  checking,
}: {
  input: string;
  chatbotId: string | null;
  chatbot: ChatbotStatus | null;
  checking: boolean;
}) {
  if (!input.trim()) return <Small>No chatbot selected yet.</Small>;
  if (checking) return <Small>Looking for the chatbot…</Small>;
  if (!chatbotId)
    return (
      <Small color="danger">
        No Chatbot ID found in this text. Paste the 24-character ID, the embed snippet or the chatbot’s dashboard
        address.
      </Small>
    );
  const badge = !chatbot?.exists
    ? { label: 'Not found', variant: 'danger' as const }
    : chatbot.enabled
      ? { label: 'Active', variant: 'success' as const }
      : { label: 'Disabled', variant: 'warning' as const };
  return (
    <Flex alignItems="center" flexDirection="row" flexWrap="wrap" data-testid="chatbot-found" role="status">
      <Badge label={badge.label} variant={badge.variant} marginRight="xSmall" />
      <Text marginBottom="none">
        {chatbot?.exists ? <strong>{chatbot.name}</strong> : 'No chatbot has this ID'}
        <Small as="span" marginLeft="xSmall">
          ID {chatbotId}
        </Small>
      </Text>
      {chatbot?.exists && !chatbot.enabled ? (
        <Small marginTop="xxSmall">
          This chatbot is disabled in Confab: enable it there, or shoppers will not see it.
        </Small>
      ) : null}
    </Flex>
  );
}
