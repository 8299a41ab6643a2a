/** The settings page's calls to {app_url}/api (docs/storefront.md), with the session's CSRF token on writes. */
import type { LoaderCoverage as RecordedCoverage } from '../../domain/storefront/loaderCoverage.js';

/** `loader` of /api/settings: the recorded coverage with every list present. */
export type LoaderCoverage = Required<RecordedCoverage>;

export interface ChatbotStatus {
  id: string;
  exists: boolean;
  name: string | null;
  enabled: boolean;
}

export interface Settings {
  storeHash: string;
  chatbotId: string | null;
  enabled: boolean;
  chatbot: ChatbotStatus | null;
  /** Which storefronts carry the chat, as the last check found them; null before the first. */
  loader: LoaderCoverage | null;
}

export interface PageData {
  storeHash: string;
  csrfToken: string;
  apiBase: string;
  dashboardUrl: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(res: Response): Promise<T> {
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    // The API names the field first ("chatbotId: …"); the merchant sees the sentence.
    const said =
      body && typeof body.error === 'string'
        ? body.error.replace(/^chatbotId: (\w)/, (_: string, c: string) => c.toUpperCase())
        : null;
    const message =
      res.status === 401
        ? 'Your session has ended. Open Confab again from Apps › My Apps.'
        : said || `The request failed (HTTP ${res.status}).`;
    throw new ApiError(res.status, message);
  }
  return body as T;
}

export function settingsApi(page: PageData) {
  return {
    read: () => fetch(`${page.apiBase}/settings`, { credentials: 'same-origin' }).then((r) => answer<Settings>(r)),
    save: (chatbotId: string, enabled: boolean) =>
      fetch(`${page.apiBase}/settings`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': page.csrfToken },
        body: JSON.stringify({ chatbotId, enabled }),
      }).then((r) => answer<Settings>(r)),
    lookup: (input: string) =>
      fetch(`${page.apiBase}/chatbot?input=${encodeURIComponent(input)}`, { credentials: 'same-origin' }).then((r) =>
        answer<{ chatbotId: string | null; chatbot: ChatbotStatus | null }>(r),
      ),
  };
}

export type SettingsApi = ReturnType<typeof settingsApi>;
