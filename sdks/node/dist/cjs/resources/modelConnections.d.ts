/** Model connections: the workspace's OpenAI-compatible providers. The API key is write-only. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import type { Deleted, ModelConnection, ModelConnectionCreateParams, ModelConnectionTestResult, ModelConnectionUpdateParams } from '../types.js';
export declare class ModelConnections extends APIResource {
    /** The workspace's connections, oldest first (never their keys). */
    list(options?: RequestOptions): APIPromise<ModelConnection[]>;
    /** Stores the key encrypted; no answer ever carries it. */
    create(params: ModelConnectionCreateParams, options?: RequestOptions): APIPromise<ModelConnection>;
    retrieve(id: string, options?: RequestOptions): APIPromise<ModelConnection>;
    /** Only the given fields change; `apiKey` replaces the stored key; `embeddingModel: null` removes it. */
    update(id: string, params: ModelConnectionUpdateParams, options?: RequestOptions): APIPromise<ModelConnection>;
    delete(id: string, options?: RequestOptions): APIPromise<Deleted>;
    /** Asks the provider whether the key and the models work: `{ok}` or `{ok: false, error}` in plain words. */
    test(id: string, options?: RequestOptions): APIPromise<ModelConnectionTestResult>;
}
