/** A chatbot's stored conversations. */
import { APIResource } from '../core/resource.js';
import type { APIPromise } from '../core/apiPromise.js';
import { pathOf } from '../core/path.js';
import { PagePromise, type PageBody } from '../core/pagination.js';
import type { RequestOptions } from '../core/options.js';
import type { AnswerProvenance, ResponseListParams, ResponseRecord } from '../types.js';

export class Responses extends APIResource {
  /**
   * Newest first. Await it for one page (`page.data`, `page.hasNextPage()`,
   * `page.getNextPage()`), or `for await` over it for every response of every page.
   */
  list(chatbotId: string, params: ResponseListParams = {}, options?: RequestOptions): PagePromise<ResponseRecord> {
    const path = pathOf`/chatbots/${chatbotId}/responses`;
    return new PagePromise(params.page ?? 1, (page) =>
      this._client.request<PageBody<ResponseRecord>>({
        method: 'get',
        path,
        query: { ...params, page },
        options,
        envelope: 'page',
      }),
    );
  }

  /** One response with the full conversation. */
  retrieve(chatbotId: string, responseId: string, options?: RequestOptions): APIPromise<ResponseRecord> {
    return this._client
      .get<{ data: ResponseRecord }>(pathOf`/chatbots/${chatbotId}/responses/${responseId}`, undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Where each AI answer of the response came from: model, tokens, the passages with their scores, the cited sources. */
  provenance(chatbotId: string, responseId: string, options?: RequestOptions): APIPromise<AnswerProvenance[]> {
    return this._client
      .get<{ data: AnswerProvenance[] }>(
        pathOf`/chatbots/${chatbotId}/responses/${responseId}/provenance`,
        undefined,
        options,
      )
      ._thenUnwrap((r) => r.data);
  }
}
