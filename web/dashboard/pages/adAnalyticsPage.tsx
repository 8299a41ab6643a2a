/** Placeholder: the page's owner replaces this file. */
import { PageHeader } from '../ui/index.js';

export function AdAnalyticsPage() {
  return <PageHeader title="Ad analytics" description="This page is being built." />;
}
