/** Placeholder: the page's owner replaces this file. */
import { PageHeader } from '../ui/index.js';

export function OrganizationPage() {
  return <PageHeader title="Organization" description="This page is being built." />;
}
