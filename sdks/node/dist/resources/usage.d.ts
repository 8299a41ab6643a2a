/** API usage this month. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Usage as UsageObject } from '../types.js';
export declare class Usage extends APIResource {
    retrieve(options?: RequestOptions): APIPromise<UsageObject>;
}
