/**
 * Knowledge sources: pasted text and web pages an AI agent answers from, indexed in the
 * background (docs/knowledge.md). Files are uploaded as multipart/form-data, which this JSON
 * client does not send yet: upload them with the dashboard or a plain HTTP request.
 */
import { APIResource } from '../core/resource.js';
import type { APIClient } from '../core/apiClient.js';
import type { APIPromise } from '../core/apiPromise.js';
import { pathOf } from '../core/path.js';
import type { RequestOptions } from '../core/options.js';
import type { Deleted, KnowledgeSource, KnowledgeSourceCreateParams } from '../types.js';

export class KnowledgeSources extends APIResource {
  /** The workspace's sources, oldest first, with their status and counts. */
  list(options?: RequestOptions): APIPromise<KnowledgeSource[]> {
    return this._client
      .get<{ data: KnowledgeSource[] }>('/knowledge/sources', undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Adds pasted text (`type: 'text'`) or a web page or sitemap (`type: 'url'`); answered `queued`. */
  create(params: KnowledgeSourceCreateParams, options?: RequestOptions): APIPromise<KnowledgeSource> {
    return this._client
      .post<{ data: KnowledgeSource }>('/knowledge/sources', params, options)
      ._thenUnwrap((r) => r.data);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<KnowledgeSource> {
    return this._client
      .get<{ data: KnowledgeSource }>(pathOf`/knowledge/sources/${id}`, undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  delete(id: string, options?: RequestOptions): APIPromise<Deleted> {
    return this._client.delete<Deleted>(pathOf`/knowledge/sources/${id}`, options);
  }

  /** Indexes the source again (a web page is fetched again); answered `queued`. */
  reindex(id: string, options?: RequestOptions): APIPromise<KnowledgeSource> {
    return this._client
      .post<{ data: KnowledgeSource }>(pathOf`/knowledge/sources/${id}/reindex`, undefined, options)
      ._thenUnwrap((r) => r.data);
  }
}

export class Knowledge extends APIResource {
  readonly sources: KnowledgeSources;

  constructor(client: APIClient) {
    super(client);
    this.sources = new KnowledgeSources(client);
  }
}
