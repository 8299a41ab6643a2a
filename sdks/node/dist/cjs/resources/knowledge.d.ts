/**
 * Knowledge sources: pasted text, uploaded files and web pages an AI agent answers from, indexed
 * in the background (docs/knowledge.md). A file is sent as multipart/form-data.
 */
import { APIResource } from '../core/resource.js';
import type { APIClient } from '../core/apiClient.js';
import type { APIPromise } from '../core/apiPromise.js';
import type { RequestOptions } from '../core/options.js';
import { CursorPagePromise } from '../core/cursorPagination.js';
import type { Deleted, EvaluationQuestion, EvaluationQuestionCreateParams, EvaluationRun, EvaluationRunCreateParams, EvaluationRunSummary, KnowledgeSource, KnowledgeSourceCreateParams, KnowledgeSourceUploadParams, UnansweredQuestion, UnansweredQuestionListParams } from '../types.js';
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
/** Test questions with the sources (and facts) that should answer them (docs/knowledge-evaluation.md). */
export declare class EvaluationQuestions extends APIResource {
    /** The workspace's questions, oldest first. */
    list(options?: RequestOptions): APIPromise<EvaluationQuestion[]>;
    create(params: EvaluationQuestionCreateParams, options?: RequestOptions): APIPromise<EvaluationQuestion>;
    /** Answered with no body (204); runs already recorded keep the question. */
    delete(id: string, options?: RequestOptions): APIPromise<void>;
}
/** Runs of every test question: hit rate at k and, with a chatbot, its agent's answer checks. */
export declare class EvaluationRuns extends APIResource {
    /** Runs the questions now (within the request) and answers the recorded run with its results. */
    create(params?: EvaluationRunCreateParams, options?: RequestOptions): APIPromise<EvaluationRun>;
    /** The workspace's runs, newest first, without their per-question results. */
    list(options?: RequestOptions): APIPromise<EvaluationRunSummary[]>;
    retrieve(id: string, options?: RequestOptions): APIPromise<EvaluationRun>;
}
export declare class KnowledgeEvaluation extends APIResource {
    readonly questions: EvaluationQuestions;
    readonly runs: EvaluationRuns;
    constructor(client: APIClient);
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
    readonly evaluation: KnowledgeEvaluation;
    readonly unanswered: UnansweredQuestions;
    constructor(client: APIClient);
}
