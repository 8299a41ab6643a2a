/** A chatbot's stored conversations. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/options.js';
import type { AnswerProvenance, ResponseListParams, ResponseRecord } from '../types.js';
export declare class Responses extends APIResource {
    /**
     * Newest first. Await it for one page (`page.data`, `page.hasNextPage()`,
     * `page.getNextPage()`), or `for await` over it for every response of every page.
     */
    list(chatbotId: string, params?: ResponseListParams, options?: RequestOptions): PagePromise<ResponseRecord>;
    /** One response with the full conversation. */
    retrieve(chatbotId: string, responseId: string, options?: RequestOptions): APIPromise<ResponseRecord>;
    /** Where each AI answer of the response came from: model, tokens, the passages with their scores, the cited sources. */
    provenance(chatbotId: string, responseId: string, options?: RequestOptions): APIPromise<AnswerProvenance[]>;
}
