/** API usage this month (seed: Endpoints → Usage). */
import { APIResource } from '../core/resource.js';
import type { RequestOptions } from '../core/options.js';
import type { Usage as UsageObject } from '../types.js';

export class Usage extends APIResource {
  async retrieve(options?: RequestOptions): Promise<UsageObject> {
    return (await this._client.get<{ data: UsageObject }>('/usage', undefined, options)).data;
  }
}
