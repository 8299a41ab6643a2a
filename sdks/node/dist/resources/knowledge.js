/**
 * Knowledge sources: pasted text, uploaded files and web pages an AI agent answers from, indexed
 * in the background (docs/knowledge.md). A file is sent as multipart/form-data.
 */
import { APIResource } from '../core/resource.js';
import { InvalidArgumentError } from '../core/errors.js';
import { pathOf } from '../core/path.js';
import { CursorPagePromise } from '../core/cursorPagination.js';
/** The upload form: the title before the file, so the service reads it before the bytes arrive. */
function uploadForm({ file, filename, title }) {
    const name = filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : undefined);
    if (!name)
        throw new InvalidArgumentError('knowledge.sources.create: give the file a filename (its extension tells the format)');
    const form = new FormData();
    if (title !== undefined)
        form.append('title', title);
    // A copy into a plain ArrayBuffer-backed view: a Buffer may sit on a shared pool.
    const blob = file instanceof Blob ? file : new Blob([new Uint8Array(file)]);
    form.append('file', blob, name);
    return form;
}
export class KnowledgeSources extends APIResource {
    /** The workspace's sources, oldest first, with their status and counts. */
    list(options) {
        return this._client
            .get('/knowledge/sources', undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    /**
     * Adds pasted text (`type: 'text'`), a web page or sitemap (`type: 'url'`), or a file
     * (`{file, filename?, title?}`, sent as multipart/form-data); answered `queued`.
     */
    create(params, options) {
        const body = 'file' in params ? uploadForm(params) : params;
        return this._client.post('/knowledge/sources', body, options)._thenUnwrap((r) => r.data);
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
/** Test questions with the sources (and facts) that should answer them (docs/knowledge-evaluation.md). */
export class EvaluationQuestions extends APIResource {
    /** The workspace's questions, oldest first. */
    list(options) {
        return this._client
            .get('/knowledge/evaluation/questions', undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    create(params, options) {
        return this._client
            .post('/knowledge/evaluation/questions', params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** Answered with no body (204); runs already recorded keep the question. */
    delete(id, options) {
        return this._client.request({
            method: 'delete',
            path: pathOf `/knowledge/evaluation/questions/${id}`,
            options,
            envelope: 'none',
        });
    }
}
/** Runs of every test question: hit rate at k and, with a chatbot, its agent's answer checks. */
export class EvaluationRuns extends APIResource {
    /** Runs the questions now (within the request) and answers the recorded run with its results. */
    create(params = {}, options) {
        return this._client
            .post('/knowledge/evaluation/runs', params, options)
            ._thenUnwrap((r) => r.data);
    }
    /** The workspace's runs, newest first, without their per-question results. */
    list(options) {
        return this._client
            .get('/knowledge/evaluation/runs', undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    retrieve(id, options) {
        return this._client
            .get(pathOf `/knowledge/evaluation/runs/${id}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
}
export class KnowledgeEvaluation extends APIResource {
    questions;
    runs;
    constructor(client) {
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
    list(params = {}, options) {
        return new CursorPagePromise(params.cursor, (cursor) => this._client.request({
            method: 'get',
            path: '/knowledge/unanswered',
            query: { ...params, cursor },
            options,
        }));
    }
}
export class Knowledge extends APIResource {
    sources;
    evaluation;
    unanswered;
    constructor(client) {
        super(client);
        this.sources = new KnowledgeSources(client);
        this.evaluation = new KnowledgeEvaluation(client);
        this.unanswered = new UnansweredQuestions(client);
    }
}
