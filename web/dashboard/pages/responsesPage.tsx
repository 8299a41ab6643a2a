/** Placeholder: being built. */
import { PageHeader } from '../ui/index.js';

export function ResponsesPage() {
  return <PageHeader title="Responses" description="This page is being built." />;
}
