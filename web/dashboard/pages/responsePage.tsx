/** Placeholder: being built. */
import { PageHeader } from '../ui/index.js';

export function ResponsePage() {
  return <PageHeader title="Conversation" description="This page is being built." />;
}
