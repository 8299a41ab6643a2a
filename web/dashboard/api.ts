/**
 * The dashboard's one HTTP client: same-origin JSON, the session cookie, and the CSRF token on
 * every write. Errors come back as `ApiError {status, code, message}` parsed from `{error, code}`.
 * A 401 means the session ended while the page was open (signed out elsewhere, expired): the
 * shell decides what happens (shell/SessionEndedDialog.tsx) before the caller hears of it.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** The field the server named (ValidationError), when it named one. */
    readonly field?: string,
    /** The flow step the server named (INVALID_FLOW), when it named one. */
    readonly stepId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken = '';
/**
 * Counts the sessions this page has known. A request sent under an earlier one and answered 401
 * after the person signed in again is that old session's answer: it must not ask them to sign in
 * once more.
 */
let sessionEpoch = 0;

/** Where the session itself is read; its 401 is an answer, not a lost session. */
export const SESSION_PATH = '/auth/session';
export const LOGOUT_PATH = '/auth/logout';
/** Requests whose 401 the caller handles itself: reading the session, and signing out of one already gone. */
const OWN_401 = new Set([SESSION_PATH, LOGOUT_PATH]);

/** What a caller hears of a 401 when the page stays (the shell has asked the person to sign in). */
const SIGNED_OUT_MESSAGE = 'You were signed out. Sign in again, then try once more.';

/** true: the page is leaving for the sign-in page, and the request is left unsettled. */
type SignedOutHandler = (method: string) => boolean;
let onSignedOut: SignedOutHandler | null = null;

export function whenSignedOut(handler: SignedOutHandler | null): void {
  onSignedOut = handler;
}

/** Set once the session is known (GET /auth/session answers the token). */
export function setCsrfToken(token: string): void {
  if (token !== csrfToken) sessionEpoch += 1;
  csrfToken = token;
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const message = (body && typeof body.error === 'string' && body.error) || `Request failed (${res.status})`;
    throw new ApiError(res.status, body?.code, message, body?.field, body?.stepId);
  }
  return body as T;
}

async function request<T>(method: string, path: string, init: { body?: BodyInit; json?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.json) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken;
  const sentIn = sessionEpoch;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: init.body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  if (res.status === 401 && !OWN_401.has(path) && onSignedOut && sentIn === sessionEpoch) {
    // Read to the end first: a page that leaves while a body is still arriving logs a failed request.
    await res.text().catch(() => '');
    // Nothing settles while the page goes to the sign-in page: no error state flashes meanwhile.
    if (onSignedOut(method)) return new Promise<T>(() => undefined);
    throw new ApiError(401, 'NOT_SIGNED_IN', SIGNED_OUT_MESSAGE);
  }
  return parse<T>(res);
}

export const api = {
  get<T>(path: string): Promise<T> {
    return request<T>('GET', path);
  },
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return request<T>(method, path, body === undefined ? {} : { body: JSON.stringify(body), json: true });
  },
  upload<T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
    return request<T>(method, path, { body: form });
  },
};

/** Where the dashboard's own endpoints live. */
export const DASHBOARD_API = '/api/v1/dashboard';

/** A query string from the defined, non-empty values. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
