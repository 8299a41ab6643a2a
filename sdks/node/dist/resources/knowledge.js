/**
 * Knowledge sources: pasted text and web pages an AI agent answers from, indexed in the
 * background (docs/knowledge.md). Files are uploaded as multipart/form-data, which this JSON
 * client does not send yet: upload them with the dashboard or a plain HTTP request.
 */
import { APIResource } from '../core/resource.js';
import { pathOf } from '../core/path.js';
export class KnowledgeSources extends APIResource {
    /** The workspace's sources, oldest first, with their status and counts. */
    list(options) {
        return this._client
            .get('/knowledge/sources', undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Adds pasted text (`type: 'text'`) or a web page or sitemap (`type: 'url'`); answered `queued`. */
    create(params, options) {
        return this._client
            .post('/knowledge/sources', params, options)
            ._thenUnwrap((r) => r.data);
    }
    retrieve(id, options) {
        return this._client
            .get(pathOf `/knowledge/sources/${id}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    delete(id, options) {
        return this._client.delete(pathOf `/knowledge/sources/${id}`, options);
    }
    /** Indexes the source again (a web page is fetched again); answered `queued`. */
    reindex(id, options) {
        return this._client
            .post(pathOf `/knowledge/sources/${id}/reindex`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
}
export class Knowledge extends APIResource {
    sources;
    constructor(client) {
        super(client);
        this.sources = new KnowledgeSources(client);
    }
}
