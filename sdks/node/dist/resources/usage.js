/** API usage this month. */
import { APIResource } from '../core/resource.js';
export class Usage extends APIResource {
    retrieve(options) {
        return this._client.get('/usage', undefined, options)._thenUnwrap((r) => r.data);
    }
}
