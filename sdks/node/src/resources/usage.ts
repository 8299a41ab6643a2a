/** API usage this month. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Usage as UsageObject } from '../types.js';

export class Usage extends APIResource {
  retrieve(options?: RequestOptions): APIPromise<UsageObject> {
    return this._client.get<{ data: UsageObject }>('/usage', undefined, options)._thenUnwrap((r) => r.data);
  }
}
