/**
 * The stylesheet of the API reference's bar and of the guide pages (docsPages.css), read once and
 * served from the service with a hash of it in its URL: the guide pages allow no inline style,
 * and browsers keep it for good.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { API_REFERENCE_PATH } from './docsHeader.js';

export const DOCS_STYLESHEET = readFileSync(new URL('./docsPages.css', import.meta.url));
export const DOCS_STYLESHEET_PATH = `${API_REFERENCE_PATH}/docs.css`;
const HASH = createHash('sha256').update(DOCS_STYLESHEET).digest('base64url').slice(0, 12);
export const DOCS_STYLESHEET_URL = `${DOCS_STYLESHEET_PATH}?v=${HASH}`;
