/** Calls to the login media gallery of a test app: multipart uploads, the admin routes, the public files. */
import * as assert from 'uvu/assert';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync, readdirSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaCommands } from '../../commands/mediaCommands.js';
import { MP4, padded } from './mediaSamples.js';
import type { TestApp } from './testApp.js';
import type { Collection, Doc } from '../../infrastructure/readStore/readStore.js';

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
  async function upload(
    apiKey: string | null,
    file: Buffer,
    { name = 'upload.bin', type = 'application/octet-stream', fields = {}, fieldsAfter = {} }: UploadOpts = {},
  ): Promise<Answer> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file)], { type }), name);
    for (const [k, v] of Object.entries(fieldsAfter)) form.append(k, v);
    const res = await fetch(app.baseUrl + MEDIA, {
      method: 'POST',
      headers: apiKey ? { 'x-api-key': apiKey } : {},
      body: form,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const call = (method: string, path: string, apiKey: string, body?: unknown) =>
    app.api(method, MEDIA + path, { apiKey, body });
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
      return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name);
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

/**
 * Starts an upload of an MP4 that the client never finishes: the form's head and `sent` bytes of
 * the file, under a Content-Length of 10 MB. Destroy the request to abandon it.
 */
export function unfinishedUpload(app: TestApp, apiKey: string, sent: number): ClientRequest {
  const boundary = 'confabtestboundary';
  const { hostname, port } = new URL(app.baseUrl);
  const headers = {
    'x-api-key': apiKey,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': '10000000',
  };
  const req = request({ hostname, port, path: MEDIA, method: 'POST', headers });
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  req.write(padded(MP4, sent));
  return req;
}

export interface ServerExchange {
  request: IncomingMessage;
  response: ServerResponse;
}

/**
 * The server's side of the next request for `method` `path` that reaches the app, as Node's
 * http.server.request.start diagnostics channel reports it: whether the server has seen its
 * client go (request.closed), whether it has answered (response.writableEnded) and how. Call it
 * before sending the request.
 */
export function nextServerExchange(app: TestApp, method: string, path: string): Promise<ServerExchange> {
  const port = Number(new URL(app.baseUrl).port);
  return new Promise((resolve) => {
    const onStart = (message: unknown) => {
      const { request: req, response, socket } = message as ServerExchange & { socket: Socket };
      if (socket.localPort !== port || req.method !== method || req.url !== path) return;
      unsubscribe('http.server.request.start', onStart);
      resolve({ request: req, response });
    };
    subscribe('http.server.request.start', onStart);
  });
}

export interface SpiedUpload {
  /** The file part as the upload command reads it. */
  file: Readable;
  /** How the command ended; null while it runs. */
  outcome: PromiseSettledResult<unknown> | null;
}

/** Records every upload command the app runs (its file stream and how it ended) until restored. */
export function spyOnUploads(app: TestApp): { calls: SpiedUpload[]; restore(): void } {
  const media: MediaCommands = app.services.media;
  const upload = media.upload;
  const calls: SpiedUpload[] = [];
  media.upload = (...args: Parameters<MediaCommands['upload']>) => {
    const call: SpiedUpload = { file: args[0].file, outcome: null };
    calls.push(call);
    const running = upload.apply(media, args);
    running.then(
      (value) => (call.outcome = { status: 'fulfilled', value }),
      (reason: unknown) => (call.outcome = { status: 'rejected', reason }),
    );
    return running;
  };
  return { calls, restore: () => void (media.upload = upload) };
}

/**
 * Holds the requests of one workspace in authentication: its workspace document is not read
 * until release(). `reached` turns true once a request is waiting there.
 */
export function holdWorkspaceLookup(
  app: TestApp,
  workspaceId: string,
): { readonly reached: boolean; release(): void; restore(): void } {
  const views = app.services.views;
  const get = views.get;
  const bound = get.bind(views);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached = false;
  views.get = async <D extends Doc>(collection: Collection<D>, id: string) => {
    if (id === workspaceId) {
      reached = true;
      await released;
    }
    return bound(collection, id);
  };
  return {
    get reached() {
      return reached;
    },
    release,
    restore() {
      release();
      views.get = get;
    },
  };
}
