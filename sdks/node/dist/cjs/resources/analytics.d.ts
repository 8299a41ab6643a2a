/** Response analytics of a chatbot. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Analytics as AnalyticsObject, AnalyticsParams } from '../types.js';
export declare class Analytics extends APIResource {
    /** Totals and per-day counts over the last `days` days (default 30). */
    retrieve(chatbotId: string, params?: AnalyticsParams, options?: RequestOptions): APIPromise<AnalyticsObject>;
}
