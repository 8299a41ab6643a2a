/** API usage this month (seed: Endpoints → Usage). */
import { APIResource } from '../core/resource.js';
export class Usage extends APIResource {
    async retrieve(options) {
        return (await this._client.get('/usage', undefined, options)).data;
    }
}
