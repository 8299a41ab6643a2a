/** Model connections: the workspace's OpenAI-compatible providers. The API key is write-only. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import { pathOf } from '../core/path.js';
import type { RequestOptions } from '../core/options.js';
import type {
  Deleted,
  ModelConnection,
  ModelConnectionCreateParams,
  ModelConnectionTestResult,
  ModelConnectionUpdateParams,
} from '../types.js';

export class ModelConnections extends APIResource {
  /** The workspace's connections, oldest first (never their keys). */
  list(options?: RequestOptions): APIPromise<ModelConnection[]> {
    return this._client
      .get<{ data: ModelConnection[] }>('/model-connections', undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Stores the key encrypted; no answer ever carries it. */
  create(params: ModelConnectionCreateParams, options?: RequestOptions): APIPromise<ModelConnection> {
    return this._client
      .post<{ data: ModelConnection }>('/model-connections', params, options)
      ._thenUnwrap((r) => r.data);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<ModelConnection> {
    return this._client
      .get<{ data: ModelConnection }>(pathOf`/model-connections/${id}`, undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Only the given fields change; `apiKey` replaces the stored key; `embeddingModel: null` removes it. */
  update(id: string, params: ModelConnectionUpdateParams, options?: RequestOptions): APIPromise<ModelConnection> {
    return this._client
      .patch<{ data: ModelConnection }>(pathOf`/model-connections/${id}`, params, options)
      ._thenUnwrap((r) => r.data);
  }

  delete(id: string, options?: RequestOptions): APIPromise<Deleted> {
    return this._client.delete<Deleted>(pathOf`/model-connections/${id}`, options);
  }

  /** Asks the provider whether the key and the models work: `{ok}` or `{ok: false, error}` in plain words. */
  test(id: string, options?: RequestOptions): APIPromise<ModelConnectionTestResult> {
    return this._client
      .post<{ data: ModelConnectionTestResult }>(pathOf`/model-connections/${id}/test`, undefined, options)
      ._thenUnwrap((r) => r.data);
  }
}
