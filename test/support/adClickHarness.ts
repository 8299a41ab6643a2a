/**
 * For the ad click API tests: workspaces with a slug and login media items (through the real
 * slug and gallery endpoints), clicks that do not follow the redirect, and a wait until the
 * views include every click answered so far.
 */
import type { TestApp } from './testApp.js';
import { PNG } from './mediaSamples.js';
import { metadataFor, systemContext } from '../../commands/commandContext.js';
import { newId } from '../../commands/ids.js';
import { AD_CLICKED, adClickStream, type AdClickedData } from '../../domain/workspace/adClicks.js';

export const W = '/api/v1/workspace';

export interface AdWorkspace {
  workspaceId: string;
  apiKey: string;
  slug: string;
}

/** A workspace of `plan` that claimed `slug` through the real endpoint. */
export async function workspaceWithSlug(app: TestApp, slug: string, plan = 'pro'): Promise<AdWorkspace> {
  const ws = await app.createWorkspace(plan);
  const r = await app.api('PUT', `${W}/slug`, { apiKey: ws.apiKey, body: { slug } });
  if (r.status !== 200) throw new Error(`slug ${slug}: ${r.status} ${JSON.stringify(r.body)}`);
  return { ...ws, slug };
}

/** A login media item (a PNG) uploaded through the gallery API, with `adUrl` or without one. */
export async function mediaItem(app: TestApp, ws: { apiKey: string }, adUrl: string | null): Promise<string> {
  const form = new FormData();
  if (adUrl) form.append('adUrl', adUrl);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'ad.png');
  const res = await fetch(`${app.baseUrl}${W}/media`, {
    method: 'POST',
    headers: { 'x-api-key': ws.apiKey },
    body: form,
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

export interface ClickOptions {
  vid?: string;
  ua?: string;
  /** The client address, sent as X-Forwarded-For (trusted from loopback, as behind a proxy). */
  ip?: string;
  /** Extra query text appended as is. */
  extraQuery?: string;
  method?: 'GET' | 'HEAD';
}

export async function click(app: TestApp, slug: string, mediaId: string, opts: ClickOptions = {}): Promise<Response> {
  const query = [opts.vid !== undefined ? `vid=${encodeURIComponent(opts.vid)}` : '', opts.extraQuery ?? '']
    .filter(Boolean)
    .join('&');
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '192.0.2.1' };
  if (opts.ua !== undefined) headers['user-agent'] = opts.ua;
  const res = await fetch(`${app.baseUrl}${W}/public/ad-click/${slug}/${mediaId}${query ? `?${query}` : ''}`, {
    method: opts.method ?? 'GET',
    redirect: 'manual',
    headers,
  });
  await res.arrayBuffer();
  return res;
}

/**
 * Clicks answer before the views include them (nobody reads back a redirect). Two catch-ups:
 * the first may be a pass that began before the clicks; the second begins after them.
 */
export async function settle(app: TestApp): Promise<void> {
  await app.services.projections.catchUp();
  await app.services.projections.catchUp();
}

export const analytics = (app: TestApp, apiKey?: string) => app.api('GET', `${W}/ad-analytics`, { apiKey });

/** A click on an earlier day, appended as the click command would have (the API cannot backdate). */
export async function pastClick(app: TestApp, workspaceId: string, visitorId: string, at: string): Promise<void> {
  const data: AdClickedData = {
    workspaceId,
    mediaId: 'past-media',
    visitorId,
    device: 'desktop',
    browser: 'Chrome',
    at,
  };
  await app.services.events.append(
    adClickStream(newId()),
    [{ type: AD_CLICKED, data, metadata: metadataFor(systemContext('test', workspaceId), new Date(at)) }],
    { expectedRevision: 'no_stream' },
  );
}
