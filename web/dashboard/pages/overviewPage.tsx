/** Placeholder: being built. */
import { PageHeader } from '../ui/index.js';

export function OverviewPage() {
  return <PageHeader title="Overview" description="This page is being built." />;
}
