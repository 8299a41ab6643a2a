/**
 * The sign-in page's side of its page data: reading the JSON block the server wrote
 * (api/pages/pageData.ts holds the shape both sides share).
 */
import { DATA_ELEMENT_ID, type PageData } from '../../api/pages/pageData.js';

export type { BackgroundFit, LoginBranding, LoginMedia, PageData, PageKind } from '../../api/pages/pageData.js';

/** The workspace a page is for, when it is known: the token's (main host) or the host's own. */
export function workspaceOf(data: PageData): string | null {
  return data.workspaceName ?? (data.confab ? null : data.branding.displayName || null);
}

export function readPageData(doc: Document = document): PageData {
  const el = doc.getElementById(DATA_ELEMENT_ID);
  return JSON.parse(el?.textContent ?? '{}') as PageData;
}
