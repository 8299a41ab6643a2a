/** The Embed tab: the snippet to paste on a site, and the chatbot id for the storefront app. */
import { Card, CopyField } from '../../ui/index.js';
import type { ChatbotDetail } from './chatbotApi.js';

export function EmbedPanel({ detail }: { detail: ChatbotDetail }) {
  return (
    <div class="stack">
      <Card
        title="Add the chatbot to your site"
        description="Paste this just before the closing </body> tag of every page where the chat bubble should appear."
      >
        <CopyField label="Embed code" value={detail.embed.snippet} multiline />
        {detail.data.disabled && (
          <p class="callout callout-warning" style={{ marginTop: '14px' }}>
            This chatbot is disabled: the bubble shows, but conversations do not start until you enable it.
          </p>
        )}
      </Card>
      <Card title="Chatbot ID" description="For the storefront app settings and the External API.">
        <CopyField label="Chatbot ID" value={detail.data.id} />
      </Card>
    </div>
  );
}
