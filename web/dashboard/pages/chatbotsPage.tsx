/** Placeholder: being built. */
import { PageHeader } from '../ui/index.js';

export function ChatbotsPage() {
  return <PageHeader title="Chatbots" description="This page is being built." />;
}
