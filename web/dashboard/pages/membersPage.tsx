/** Placeholder: the page's owner replaces this file. */
import { PageHeader } from '../ui/index.js';

export function MembersPage() {
  return <PageHeader title="Members" description="This page is being built." />;
}
