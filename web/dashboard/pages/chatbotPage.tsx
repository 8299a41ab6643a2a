/** Placeholder: being built. */
import { PageHeader } from '../ui/index.js';

export function ChatbotPage() {
  return <PageHeader title="Chatbot" description="This page is being built." />;
}
