/** API usage and AI token usage this month. */
import { APIResource } from '../core/resource.js';
export class Usage extends APIResource {
    /** External API calls counted this month. */
    retrieve(options) {
        return this._client.get('/usage', undefined, options)._thenUnwrap((r) => r.data);
    }
    /** AI tokens the workspace's agents used this month against the plan's budget; null limits are unlimited. */
    ai(options) {
        return this._client.get('/usage/ai', undefined, options)._thenUnwrap((r) => r.data);
    }
}
