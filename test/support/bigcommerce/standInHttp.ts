/**
 * The HTTP plumbing the BigCommerce stand-in's resources share: reading a JSON body, answering
 * JSON, and BigCommerce's v3 error payload ({status, title, type, errors}; the `Error` schema of
 * reference/channels.v3.yml and the "Error Response" of reference/scripts.v3.yml in
 * github.com/bigcommerce/docs).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request on one store's v3 API, after the stand-in has checked its X-Auth-Token. */
export interface StoreApiRequest {
  method: string;
  storeHash: string;
  /** The path after /stores/{hash}/v3, e.g. /content/scripts/<uuid>. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The OAuth scopes the store granted the token. */
  scopes: ReadonlySet<string>;
}

export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function sendError(
  res: ServerResponse,
  status: number,
  title: string,
  errors: Record<string, string> = {},
): void {
  send(res, status, { status, title, type: '/api-docs/getting-started/api-status-codes', errors });
}

/** `meta.pagination` of a v3 collection (CollectionMeta / pagination_Full). */
export function paginate<T>(
  items: T[],
  query: URLSearchParams,
  defaultLimit: number,
): { data: T[]; meta: { pagination: Record<string, unknown> } } {
  const page = Math.max(1, Number(query.get('page')) || 1);
  const limit = Math.max(1, Number(query.get('limit')) || defaultLimit);
  const data = items.slice((page - 1) * limit, page * limit);
  const totalPages = Math.max(1, Math.ceil(items.length / limit));
  const link = (p: number) => `?page=${p}&limit=${limit}`;
  return {
    data,
    meta: {
      pagination: {
        total: items.length,
        count: data.length,
        per_page: limit,
        current_page: page,
        total_pages: totalPages,
        links: {
          ...(page > 1 ? { previous: link(page - 1) } : {}),
          current: link(page),
          ...(page < totalPages ? { next: link(page + 1) } : {}),
        },
      },
    },
  };
}
