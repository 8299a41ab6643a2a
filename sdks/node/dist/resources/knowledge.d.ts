/**
 * Knowledge sources: pasted text, uploaded files and web pages an AI agent answers from, indexed
 * in the background (docs/knowledge.md). A file is sent as multipart/form-data.
 */
import { APIResource } from '../core/resource.js';
import type { APIClient } from '../core/apiClient.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import { CursorPagePromise } from '../core/cursorPagination.js';
import type { Deleted, KnowledgeSource, KnowledgeSourceCreateParams, KnowledgeSourceUploadParams, UnansweredQuestion, UnansweredQuestionListParams } from '../types.js';
export declare class KnowledgeSources extends APIResource {
    /** The workspace's sources, oldest first, with their status and counts. */
    list(options?: RequestOptions): APIPromise<KnowledgeSource[]>;
    /**
     * Adds pasted text (`type: 'text'`), a web page or sitemap (`type: 'url'`), or a file
     * (`{file, filename?, title?}`, sent as multipart/form-data); answered `queued`.
     */
    create(params: KnowledgeSourceCreateParams | KnowledgeSourceUploadParams, options?: RequestOptions): APIPromise<KnowledgeSource>;
    retrieve(id: string, options?: RequestOptions): APIPromise<KnowledgeSource>;
    delete(id: string, options?: RequestOptions): APIPromise<Deleted>;
    /** Indexes the source again (a web page is fetched again); answered `queued`. */
    reindex(id: string, options?: RequestOptions): APIPromise<KnowledgeSource>;
}
export declare class UnansweredQuestions extends APIResource {
    /**
     * Visitor questions the agents' knowledge had nothing for, newest first, for one chatbot
     * (`chatbotId`) or all, optionally within UTC days. Await it for one page (`page.data`,
     * `page.hasNextPage()`, `page.getNextPage()`), or `for await` over it for every question.
     */
    list(params?: UnansweredQuestionListParams, options?: RequestOptions): CursorPagePromise<UnansweredQuestion>;
}
export declare class Knowledge extends APIResource {
    readonly sources: KnowledgeSources;
    readonly unanswered: UnansweredQuestions;
    constructor(client: APIClient);
}
