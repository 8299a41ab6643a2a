/**
 * The stand-in's Channels API v3 (`GET /stores/{hash}/v3/channels`), after
 * reference/channels.v3.yml of github.com/bigcommerce/docs ("Get All Channels"):
 *  - needs the Channel Settings scope (`store_channel_settings` or
 *    `store_channel_settings_read_only`); without it 403 "You don't have a required scope to
 *    access the endpoint", BigCommerce's answer for a missing scope;
 *  - answers {data: [ChannelWithoutCurrencies], meta: {pagination}} with `page` and `limit`, and
 *    the documented filters `type:in`, `platform:in`, `status:in` and `available`;
 *  - every store has the default storefront, id 1 ("Will always return the default BigCommerce
 *    storefront with an ID of 1"); tests add storefronts, marketplaces, POS channels…
 * Query parameters the stand-in does not model (`include`, the date filters) are answered 422
 * the way BigCommerce answers an invalid filter, so a test that needs them fails loudly.
 */
import type { ServerResponse } from 'node:http';
import { paginate, send, sendError, type StoreApiRequest } from './standInHttp.js';

export interface StoredChannel {
  id: number;
  name: string;
  type: 'storefront' | 'marketplace' | 'pos' | 'marketing';
  platform: string;
  status: 'prelaunch' | 'active' | 'inactive' | 'connected' | 'disconnected' | 'archived' | 'deleted' | 'terminated';
  external_id: string;
  is_listable_from_ui: boolean;
  is_visible: boolean;
  date_created: string;
  date_modified: string;
  icon_url: string;
}

export type ChannelFields = Pick<StoredChannel, 'type' | 'platform' | 'status'> &
  Partial<Pick<StoredChannel, 'id' | 'name'>>;

export interface ChannelsResource {
  handle(req: StoreApiRequest, res: ServerResponse): void;
  /** The store's channels as BigCommerce holds them (mutable: a test may archive one). */
  channelsOf(storeHash: string): StoredChannel[];
  addChannel(storeHash: string, fields: ChannelFields): StoredChannel;
  exists(storeHash: string, id: number): boolean;
}

const READ_SCOPES = ['store_channel_settings', 'store_channel_settings_read_only'];
const MODELLED_QUERY = new Set(['page', 'limit', 'type:in', 'platform:in', 'status:in', 'available']);
/** `available=true`: "prelaunch, active, inactive, and connected"; false: the others. */
const AVAILABLE = new Set(['prelaunch', 'active', 'inactive', 'connected']);
/** The deprecated is_enabled: true for prelaunch, active and connected. */
const ENABLED = new Set(['prelaunch', 'active', 'connected']);

function channel(fields: ChannelFields & { id: number }): StoredChannel {
  const now = new Date().toISOString();
  return {
    external_id: '',
    is_listable_from_ui: true,
    is_visible: true,
    date_created: now,
    date_modified: now,
    icon_url: `https://storage.googleapis.com/bigcommerce-production-dev-center/images/${fields.platform}_icon.svg`,
    name: `${fields.platform}-${fields.id}`,
    ...fields,
  };
}

export function createChannelsResource(): ChannelsResource {
  const channels = new Map<string, StoredChannel[]>();

  function channelsOf(storeHash: string): StoredChannel[] {
    let list = channels.get(storeHash);
    if (!list) {
      list = [
        channel({ id: 1, name: 'Default storefront', type: 'storefront', platform: 'bigcommerce', status: 'active' }),
      ];
      channels.set(storeHash, list);
    }
    return list;
  }

  return {
    channelsOf,
    addChannel(storeHash, fields) {
      const list = channelsOf(storeHash);
      const added = channel({ ...fields, id: fields.id ?? Math.max(...list.map((c) => c.id)) + 1 });
      list.push(added);
      return added;
    },
    exists: (storeHash, id) => channelsOf(storeHash).some((c) => c.id === id),
    handle(req, res) {
      if (req.method !== 'GET' || req.path !== '/channels') return sendError(res, 404, 'Not found');
      if (!READ_SCOPES.some((s) => req.scopes.has(s)))
        return sendError(res, 403, "You don't have a required scope to access the endpoint");
      const unknown = [...req.query.keys()].filter((k) => !MODELLED_QUERY.has(k));
      if (unknown.length > 0)
        return sendError(res, 422, `The filter(s): ${unknown.join(', ')} are not valid filter parameter(s).`);
      const among = (name: string) => req.query.get(name)?.split(',');
      const [types, platforms, statuses, available] = [
        among('type:in'),
        among('platform:in'),
        among('status:in'),
        req.query.get('available'),
      ];
      const matching = channelsOf(req.storeHash).filter(
        (c) =>
          (!types || types.includes(c.type)) &&
          (!platforms || platforms.includes(c.platform)) &&
          (!statuses || statuses.includes(c.status)) &&
          (available === null || AVAILABLE.has(c.status) === (available === 'true')),
      );
      const page = paginate(
        matching.map((c) => ({ ...c, is_enabled: ENABLED.has(c.status) })),
        req.query,
        50,
      );
      send(res, 200, page);
    },
  };
}
