/**
 * Knowledge sources: pasted text and web pages an AI agent answers from, indexed in the
 * background (docs/knowledge.md). Files are uploaded as multipart/form-data, which this JSON
 * client does not send yet: upload them with the dashboard or a plain HTTP request.
 */
import { APIResource } from '../core/resource.js';
import type { APIClient } from '../core/apiClient.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Deleted, KnowledgeSource, KnowledgeSourceCreateParams } from '../types.js';
export declare class KnowledgeSources extends APIResource {
    /** The workspace's sources, oldest first, with their status and counts. */
    list(options?: RequestOptions): APIPromise<KnowledgeSource[]>;
    /** Adds pasted text (`type: 'text'`) or a web page or sitemap (`type: 'url'`); answered `queued`. */
    create(params: KnowledgeSourceCreateParams, options?: RequestOptions): APIPromise<KnowledgeSource>;
    retrieve(id: string, options?: RequestOptions): APIPromise<KnowledgeSource>;
    delete(id: string, options?: RequestOptions): APIPromise<Deleted>;
    /** Indexes the source again (a web page is fetched again); answered `queued`. */
    reindex(id: string, options?: RequestOptions): APIPromise<KnowledgeSource>;
}
export declare class Knowledge extends APIResource {
    readonly sources: KnowledgeSources;
    constructor(client: APIClient);
}
