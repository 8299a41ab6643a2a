/** API usage and AI token usage this month. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { AiUsage, Usage as UsageObject } from '../types.js';
export declare class Usage extends APIResource {
    /** External API calls counted this month. */
    retrieve(options?: RequestOptions): APIPromise<UsageObject>;
    /** AI tokens the workspace's agents used this month against the plan's budget; null limits are unlimited. */
    ai(options?: RequestOptions): APIPromise<AiUsage>;
}
