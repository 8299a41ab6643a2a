/** Placeholder: the page's owner replaces this file. */
import { PageHeader } from '../ui/index.js';

export function AccountPage() {
  return <PageHeader title="Account" description="This page is being built." />;
}
