/** A chatbot's stored conversations. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/options.js';
import type { AnswerProvenance, ResponseExportParams, ResponseListParams, ResponseRecord } from '../types.js';
import { ResponseExport } from './responseExport.js';
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
    /**
     * The chatbot's conversations as a CSV (default) or NDJSON file, oldest first, one line per
     * response: `for await (const line of client.responses.export(id, {format: 'ndjson'}))`, or
     * `(await exp.response()).body` to stream it to a file. Sent when reading starts.
     */
    export(chatbotId: string, params?: ResponseExportParams, options?: RequestOptions): ResponseExport;
}
