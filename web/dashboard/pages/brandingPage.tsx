/** Placeholder: the page's owner replaces this file. */
import { PageHeader } from '../ui/index.js';

export function BrandingPage() {
  return <PageHeader title="Branding" description="This page is being built." />;
}
