/**
 * The bar at the top of the API reference and of every guide page: the way back to the
 * reference, the guides an API client reads beside it, and the OpenAPI document.
 */
import { escapeHtml } from './htmlText.js';

export const API_REFERENCE_PATH = '/docs';
export const GUIDES_PATH = `${API_REFERENCE_PATH}/guides`;
export const DOCUMENT_URL = '/api/v1/openapi.json';

/** The README's topics an API client reads beside the reference (docs/<name>.md). */
export const GUIDES: ReadonlyArray<{ name: string; title: string }> = [
  { name: 'external-api', title: 'External API rules' },
  { name: 'events', title: 'Webhook events' },
  { name: 'webhooks-guide', title: 'Webhooks guide' },
  { name: 'idempotency', title: 'Idempotency' },
  { name: 'chat-api', title: 'Chat API' },
  { name: 'sdks', title: 'SDKs' },
  { name: 'README', title: 'All guides' },
];

/** The bar; `current` names the guide the page shows, marked as the current page among the links. */
export function docsHeaderHtml(current?: string): string {
  const links = GUIDES.map((g) => {
    const here = g.name === current ? ' aria-current="page"' : '';
    return `<a href="${GUIDES_PATH}/${g.name}"${here}>${escapeHtml(g.title)}</a>`;
  }).join('\n');
  return `<header class="docs-bar">
<a class="docs-home" href="${API_REFERENCE_PATH}">Confab API reference</a>
<nav aria-label="Guides">
${links}
<a href="${DOCUMENT_URL}">OpenAPI document</a>
</nav>
</header>`;
}
