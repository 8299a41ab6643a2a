/**
 * Where a link in a guide's Markdown leads once the guide is a page of its own. The guides link
 * each other by file name, as they sit in docs/ (`events.md`, `./events.md#signatures`, or from
 * the repository's root `docs/events.md`): that becomes the guide's page. Anchors in the page,
 * web and mail addresses and the service's own paths stay as written. Anything else names a file
 * of the repository that the service does not serve (`../README.md`, a guide that does not
 * exist, a `javascript:` address): null, and the link's text stays as plain text.
 */
const GUIDE_FILE = /^(?:\.\/|(?:\.\.\/)?docs\/)?([A-Za-z0-9-]+)\.md(#[^#]*)?$/;
const KEPT_AS_WRITTEN = /^(?:#|https?:|mailto:|\/(?!\/))/i;

export function guideHref(href: string, guides: ReadonlySet<string>, guidesPath: string): string | null {
  if (KEPT_AS_WRITTEN.test(href)) return href;
  const file = GUIDE_FILE.exec(href);
  if (file && guides.has(file[1])) return `${guidesPath}/${file[1]}${file[2] ?? ''}`;
  return null;
}
