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
  EvaluationQuestion,
  EvaluationQuestionCreateParams,
  EvaluationRun,
  EvaluationRunCreateParams,
  EvaluationRunSummary,
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

/** Test questions with the sources (and facts) that should answer them (docs/knowledge-evaluation.md). */
export class EvaluationQuestions extends APIResource {
  /** The workspace's questions, oldest first. */
  list(options?: RequestOptions): APIPromise<EvaluationQuestion[]> {
    return this._client
      .get<{ data: EvaluationQuestion[] }>('/knowledge/evaluation/questions', undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  create(params: EvaluationQuestionCreateParams, options?: RequestOptions): APIPromise<EvaluationQuestion> {
    return this._client
      .post<{ data: EvaluationQuestion }>('/knowledge/evaluation/questions', params, options)
      ._thenUnwrap((r) => r.data);
  }

  /** Answered with no body (204); runs already recorded keep the question. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.request<void>({
      method: 'delete',
      path: pathOf`/knowledge/evaluation/questions/${id}`,
      options,
      envelope: 'none',
    });
  }
}

/** Runs of every test question: hit rate at k and, with a chatbot, its agent's answer checks. */
export class EvaluationRuns extends APIResource {
  /** Runs the questions now (within the request) and answers the recorded run with its results. */
  create(params: EvaluationRunCreateParams = {}, options?: RequestOptions): APIPromise<EvaluationRun> {
    return this._client
      .post<{ data: EvaluationRun }>('/knowledge/evaluation/runs', params, options)
      ._thenUnwrap((r) => r.data);
  }

  /** The workspace's runs, newest first, without their per-question results. */
  list(options?: RequestOptions): APIPromise<EvaluationRunSummary[]> {
    return this._client
      .get<{ data: EvaluationRunSummary[] }>('/knowledge/evaluation/runs', undefined, options)
      ._thenUnwrap((r) => r.data);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<EvaluationRun> {
    return this._client
      .get<{ data: EvaluationRun }>(pathOf`/knowledge/evaluation/runs/${id}`, undefined, options)
      ._thenUnwrap((r) => r.data);
  }
}

export class KnowledgeEvaluation extends APIResource {
  readonly questions: EvaluationQuestions;
  readonly runs: EvaluationRuns;

  constructor(client: APIClient) {
    super(client);
    this.questions = new EvaluationQuestions(client);
    this.runs = new EvaluationRuns(client);
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
  readonly evaluation: KnowledgeEvaluation;
  readonly unanswered: UnansweredQuestions;

  constructor(client: APIClient) {
    super(client);
    this.sources = new KnowledgeSources(client);
    this.evaluation = new KnowledgeEvaluation(client);
    this.unanswered = new UnansweredQuestions(client);
  }
}
