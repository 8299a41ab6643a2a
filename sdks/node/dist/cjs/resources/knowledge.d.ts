/**
 * Knowledge sources: pasted text, uploaded files and web pages an AI agent answers from, indexed
 * in the background (docs/knowledge.md). A file is sent as multipart/form-data.
 */
import { APIResource } from '../core/resource.js';
import type { APIClient } from '../core/apiClient.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Deleted, KnowledgeSource, KnowledgeSourceCreateParams, KnowledgeSourceUploadParams } from '../types.js';
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
export declare class Knowledge extends APIResource {
    readonly sources: KnowledgeSources;
    constructor(client: APIClient);
}
