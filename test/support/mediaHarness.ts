/** Calls to the login media gallery of a test app: multipart uploads, the admin routes, the public files. */
import * as assert from 'uvu/assert';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './testApp.js';

export const MEDIA = '/api/v1/workspace/media';
export const PUBLIC_MEDIA = '/api/v1/workspace/public/media';

export type Answer = { status: number; headers: Headers; body: any };
export interface UploadOpts {
  name?: string;
  type?: string;
  /** Form fields sent before the file part. */
  fields?: Record<string, string>;
  /** Form fields sent after it. */
  fieldsAfter?: Record<string, string>;
}

export function mediaClient(app: TestApp) {
  async function upload(apiKey: string | null, file: Buffer, { name = 'upload.bin', type = 'application/octet-stream', fields = {}, fieldsAfter = {} }: UploadOpts = {}): Promise<Answer> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file)], { type }), name);
    for (const [k, v] of Object.entries(fieldsAfter)) form.append(k, v);
    const res = await fetch(app.baseUrl + MEDIA, { method: 'POST', headers: apiKey ? { 'x-api-key': apiKey } : {}, body: form });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const call = (method: string, path: string, apiKey: string, body?: unknown) => app.api(method, MEDIA + path, { apiKey, body });
  return {
    upload,
    async uploaded(apiKey: string, file: Buffer, opts?: UploadOpts) {
      const r = await upload(apiKey, file, opts);
      assert.is(r.status, 201, JSON.stringify(r.body));
      return r.body;
    },
    call,
    list: async (apiKey: string) => (await call('GET', '', apiKey)).body.items as any[],
    /** The public file of an item, fetched by the path of its mediaUrl. */
    async served(item: { mediaUrl: string }, headers: Record<string, string> = {}) {
      const res = await fetch(app.baseUrl + new URL(item.mediaUrl).pathname, { headers });
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
    },
    /** Every file the media store holds (of one workspace), temporary ones included. */
    mediaFiles(workspaceId?: string): string[] {
      const dir = join(app.config.dataDir, 'media', ...(workspaceId ? [workspaceId] : []));
      if (!existsSync(dir)) return [];
      return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    },
  };
}

export function assertError(r: Answer, status: number, code: string, pattern?: RegExp) {
  assert.is(r.status, status, JSON.stringify(r.body));
  assert.is(r.body.code, code);
  if (pattern) assert.match(r.body.error, pattern);
}

/** A 400 whose message starts with the field it refuses. */
export function assertBadField(r: Answer, field: string) {
  assert.is(r.status, 400, JSON.stringify(r.body));
  assert.ok(String(r.body.error).startsWith(field), `"${r.body.error}" names ${field}`);
}
