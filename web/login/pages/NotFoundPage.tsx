/** @jsxImportSource preact */
/** A slug host no workspace owns: say so plainly and point to the main sign-in. */
import { BrandHeader } from '../BrandHeader.js';
import type { PageData } from '../pageData.js';
import { SignInLayout } from '../SignInLayout.js';

export function NotFoundPage({ data }: { data: PageData }) {
  return (
    <SignInLayout branding={data.branding} confab>
      <BrandHeader branding={data.branding} confab title="No workspace here" subtitle={null} />
      <p class="lg-prose">
        There is no Confab workspace at <strong>{location.host}</strong>. Check the address your team sent you, or find
        your workspace from the main sign-in page.
      </p>
      <a class="lg-btn lg-btn--primary" href={`${data.publicUrl}/login`}>
        Go to Confab sign-in
      </a>
    </SignInLayout>
  );
}
