/**
 * Knowledge sources: pasted text, uploaded files and web pages an AI agent answers from, indexed
 * in the background (docs/knowledge.md). A file is sent as multipart/form-data.
 */
import { APIResource } from '../core/resource.js';
import type { APIClient } from '../core/apiClient.js';
import type { APIPromise } from '../core/apiPromise.js';
import { InvalidArgumentError } from '../core/errors.js';
import { pathOf } from '../core/path.js';
import type { RequestOptions } from '../core/options.js';
import { CursorPagePromise, type CursorPageBody } from '../core/cursorPagination.js';
import type {
  Deleted,
  KnowledgeSource,
  KnowledgeSourceCreateParams,
  KnowledgeSourceUploadParams,
  UnansweredQuestion,
  UnansweredQuestionListParams,
} from '../types.js';

/** The upload form: the title before the file, so the service reads it before the bytes arrive. */
function uploadForm({ file, filename, title }: KnowledgeSourceUploadParams): FormData {
  const name = filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : undefined);
  if (!name)
    throw new InvalidArgumentError(
      'knowledge.sources.create: give the file a filename (its extension tells the format)',
    );
  const form = new FormData();
  if (title !== undefined) form.append('title', title);
  // A copy into a plain ArrayBuffer-backed view: a Buffer may sit on a shared pool.
  const blob = file instanceof Blob ? file : new Blob([new Uint8Array(file as ArrayBuffer)]);
  form.append('file', blob, name);
  return form;
}

export class KnowledgeSources extends APIResource {
  /** The workspace's sources, oldest first, with their status and counts. */
  list(options?: RequestOptions): APIPromise<KnowledgeSource[]> {
    return this._client
      .get<{ data: KnowledgeSource[] }>('/knowledge/sources', undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  /**
   * Adds pasted text (`type: 'text'`), a web page or sitemap (`type: 'url'`), or a file
   * (`{file, filename?, title?}`, sent as multipart/form-data); answered `queued`.
   */
  create(
    params: KnowledgeSourceCreateParams | KnowledgeSourceUploadParams,
    options?: RequestOptions,
  ): APIPromise<KnowledgeSource> {
    const body = 'file' in params ? uploadForm(params) : params;
    return this._client.post<{ data: KnowledgeSource }>('/knowledge/sources', body, options)._thenUnwrap((r) => r.data);
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

export class UnansweredQuestions extends APIResource {
  /**
   * Visitor questions the agents' knowledge had nothing for, newest first, for one chatbot
   * (`chatbotId`) or all, optionally within UTC days. Await it for one page (`page.data`,
   * `page.hasNextPage()`, `page.getNextPage()`), or `for await` over it for every question.
   */
  list(params: UnansweredQuestionListParams = {}, options?: RequestOptions): CursorPagePromise<UnansweredQuestion> {
    return new CursorPagePromise(params.cursor, (cursor) =>
      this._client.request<CursorPageBody<UnansweredQuestion>>({
        method: 'get',
        path: '/knowledge/unanswered',
        query: { ...params, cursor },
        options,
      }),
    );
  }
}

export class Knowledge extends APIResource {
  readonly sources: KnowledgeSources;
  readonly unanswered: UnansweredQuestions;

  constructor(client: APIClient) {
    super(client);
    this.sources = new KnowledgeSources(client);
    this.unanswered = new UnansweredQuestions(client);
  }
}
