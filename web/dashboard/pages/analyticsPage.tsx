/** Placeholder: being built. */
import { PageHeader } from '../ui/index.js';

export function AnalyticsPage() {
  return <PageHeader title="Analytics" description="This page is being built." />;
}
