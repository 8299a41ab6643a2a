/**
 * The stand-in's Scripts API v3 (`/stores/{hash}/v3/content/scripts[/{uuid}]`), after
 * reference/scripts.v3.yml and docs/integrations/scripts.mdx of github.com/bigcommerce/docs:
 *  - GET lists only the scripts this app's API account made ("you can only retrieve, modify, and
 *    delete scripts added by the API account you use"), on those channels named by `channel_id:in`
 *    (comma-separated) or, unfiltered, on every channel (BigCommerce does not document which
 *    channels an unfiltered list covers; Confab names them); {data, meta.pagination}, `page` and
 *    `limit` (default 50);
 *  - POST creates (200 {data, meta}); `channel_id` (integer, minimum 1) places the script on that
 *    channel, 1 when left out; a channel the store does not have is 422;
 *  - "Each app can have 10 scripts installed": the 11th POST of an app on a store is refused
 *    with 422, Create a Script's documented refusal, in BigCommerce's error shape (the title
 *    text is ours: BigCommerce does not publish its wording);
 *  - a platform limit: Create a Script's "Limits" give "50 scripts per channel" (the Scripts API
 *    guide: "Each channel can have 50 control panel-created scripts"), and a request that would
 *    exceed a platform limit is answered 403 ("API Status Codes", troubleshooting:
 *    "operations resulting from API request exceed a platform limit"). So a POST onto a channel
 *    that already holds 50 scripts, whoever made them, is refused with 403 in the documented v3
 *    shape and text of a 403 (the `403` response of reference/shipping.v3.yml and sites.v3.yml:
 *    {status: 403, title: "Unauthorized Access. You do not have permission to make this
 *    request.", type: "/api-docs/getting-started/api-status-codes", errors: {}}): BigCommerce's
 *    403 does not say which limit, so neither does the stand-in;
 *  - GET/PUT one ({data, meta}), DELETE one (204); another app's or the control panel's
 *    scripts are neither listed nor changeable (404).
 */
import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { paginate, send, sendError, type StoreApiRequest } from './standInHttp.js';

export interface StoredScript extends Record<string, unknown> {
  uuid: string;
  channel_id: number;
  api_client_id: string;
}

/** "Each app can have 10 scripts installed" (Create a Script, reference/scripts.v3.yml). */
export const SCRIPTS_PER_APP = 10;
/** "50 scripts per channel" (Create a Script's Limits, reference/scripts.v3.yml). */
export const SCRIPTS_PER_CHANNEL = 50;
/** The documented title of a v3 403 (reference/shipping.v3.yml, sites.v3.yml). */
export const FORBIDDEN_TITLE = 'Unauthorized Access. You do not have permission to make this request.';

export interface ScriptsResource {
  handle(req: StoreApiRequest, res: ServerResponse): Promise<void>;
  scriptsOf(storeHash: string): StoredScript[];
  seedScript(
    storeHash: string,
    fields: object,
    opts?: { apiClientId?: string; dateCreated?: string; channelId?: number },
  ): StoredScript;
  holdScriptLists(count: number): void;
}

export function createScriptsResource(
  clientId: string,
  channelExists: (storeHash: string, id: number) => boolean,
): ScriptsResource {
  const scripts = new Map<string, StoredScript[]>();
  let held: { count: number; waiting: Array<() => void> } | null = null;

  const scriptsOf = (storeHash: string) => {
    if (!scripts.has(storeHash)) scripts.set(storeHash, []);
    return scripts.get(storeHash)!;
  };
  const countOf = (storeHash: string, apiClientId: string) =>
    scriptsOf(storeHash).filter((s) => s.api_client_id === apiClientId).length;
  const onChannel = (storeHash: string, channelId: number) =>
    scriptsOf(storeHash).filter((s) => s.channel_id === channelId).length;

  /** Resolves once `held.count` lists wait (each list answers what it read before waiting). */
  function barrier(): Promise<void> {
    if (!held) return Promise.resolve();
    const h = held;
    return new Promise<void>((resolve) => {
      h.waiting.push(resolve);
      if (h.waiting.length >= h.count) {
        held = null;
        h.waiting.forEach((r) => r());
      }
    });
  }

  /** The error for a `channel_id` the store lacks; null when it is fine (or absent). */
  function badChannel(storeHash: string, value: unknown): string | null {
    if (value === undefined) return null;
    return Number.isInteger(value) && (value as number) >= 1 && channelExists(storeHash, value as number)
      ? null
      : `The following \`channel_id\`s [${String(value)}] are not valid for store ${storeHash}.`;
  }

  return {
    scriptsOf,
    seedScript(storeHash, fields, o = {}) {
      const apiClientId = o.apiClientId ?? clientId;
      if (apiClientId && countOf(storeHash, apiClientId) >= SCRIPTS_PER_APP)
        throw new Error(`BigCommerce would not hold more than ${SCRIPTS_PER_APP} scripts of one app`);
      if (onChannel(storeHash, o.channelId ?? 1) >= SCRIPTS_PER_CHANNEL)
        throw new Error(`BigCommerce would not hold more than ${SCRIPTS_PER_CHANNEL} scripts on one channel`);
      const when = o.dateCreated ?? new Date().toISOString();
      const script: StoredScript = {
        ...fields,
        uuid: randomUUID(),
        api_client_id: apiClientId,
        channel_id: o.channelId ?? 1,
        date_created: when,
        date_modified: when,
      };
      scriptsOf(storeHash).push(script);
      return script;
    },
    holdScriptLists(count) {
      held = { count, waiting: [] };
    },
    async handle(req, res) {
      const route = /^\/content\/scripts(?:\/([^/]+))?$/.exec(req.path);
      if (!route) return sendError(res, 404, 'Not found');
      const uuid = route[1];
      const list = scriptsOf(req.storeHash);
      const now = new Date().toISOString();
      const mine = list.filter((s) => s.api_client_id === clientId);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (req.method === 'GET' && !uuid) {
        const channels = req.query.get('channel_id:in')?.split(',').map(Number);
        const listed = channels ? mine.filter((s) => channels.includes(s.channel_id)) : mine;
        const page = paginate(listed, req.query, 50);
        await barrier();
        return send(res, 200, page);
      }
      if (req.method === 'POST' && !uuid) {
        const invalid = badChannel(req.storeHash, body.channel_id);
        if (invalid) return sendError(res, 422, invalid, { channel_id: invalid });
        if (mine.length >= SCRIPTS_PER_APP)
          return sendError(
            res,
            422,
            `This app already has ${SCRIPTS_PER_APP} scripts on the store, the most an app can have.`,
          );
        if (onChannel(req.storeHash, (body.channel_id as number | undefined) ?? 1) >= SCRIPTS_PER_CHANNEL)
          return sendError(res, 403, FORBIDDEN_TITLE);
        const script: StoredScript = {
          ...body,
          uuid: randomUUID(),
          api_client_id: clientId,
          channel_id: (body.channel_id as number | undefined) ?? 1,
          date_created: now,
          date_modified: now,
        };
        list.push(script);
        return send(res, 200, { data: script, meta: {} });
      }
      const found = mine.find((s) => s.uuid === uuid);
      if (req.method === 'GET' && found) return send(res, 200, { data: found, meta: {} });
      if (req.method === 'PUT' && found) {
        const invalid = badChannel(req.storeHash, body.channel_id);
        if (invalid) return sendError(res, 422, invalid, { channel_id: invalid });
        Object.assign(found, body, { uuid: found.uuid, api_client_id: found.api_client_id, date_modified: now });
        return send(res, 200, { data: found, meta: {} });
      }
      if (req.method === 'DELETE' && found) {
        list.splice(list.indexOf(found), 1);
        res.writeHead(204).end();
        return;
      }
      sendError(res, 404, 'Script not found');
    },
  };
}
