"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Knowledge = exports.UnansweredQuestions = exports.KnowledgeEvaluation = exports.EvaluationRuns = exports.EvaluationQuestions = exports.KnowledgeSources = void 0;
/**
 * Knowledge sources: pasted text, uploaded files and web pages an AI agent answers from, indexed
 * in the background (docs/knowledge.md). A file is sent as multipart/form-data.
 */
const resource_js_1 = require("../core/resource.js");
const errors_js_1 = require("../core/errors.js");
const path_js_1 = require("../core/path.js");
const cursorPagination_js_1 = require("../core/cursorPagination.js");
/** The upload form: the title before the file, so the service reads it before the bytes arrive. */
function uploadForm({ file, filename, title }) {
    const name = filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : undefined);
    if (!name)
        throw new errors_js_1.InvalidArgumentError('knowledge.sources.create: give the file a filename (its extension tells the format)');
    const form = new FormData();
    if (title !== undefined)
        form.append('title', title);
    // A copy into a plain ArrayBuffer-backed view: a Buffer may sit on a shared pool.
    const blob = file instanceof Blob ? file : new Blob([new Uint8Array(file)]);
    form.append('file', blob, name);
    return form;
}
class KnowledgeSources extends resource_js_1.APIResource {
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
            .get((0, path_js_1.pathOf) `/knowledge/sources/${id}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
    delete(id, options) {
        return this._client.delete((0, path_js_1.pathOf) `/knowledge/sources/${id}`, options);
    }
    /** Indexes the source again (a web page is fetched again); answered `queued`. */
    reindex(id, options) {
        return this._client
            .post((0, path_js_1.pathOf) `/knowledge/sources/${id}/reindex`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.KnowledgeSources = KnowledgeSources;
/** Test questions with the sources (and facts) that should answer them (docs/knowledge-evaluation.md). */
class EvaluationQuestions extends resource_js_1.APIResource {
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
            path: (0, path_js_1.pathOf) `/knowledge/evaluation/questions/${id}`,
            options,
            envelope: 'none',
        });
    }
}
exports.EvaluationQuestions = EvaluationQuestions;
/** Runs of every test question: hit rate at k and, with a chatbot, its agent's answer checks. */
class EvaluationRuns extends resource_js_1.APIResource {
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
            .get((0, path_js_1.pathOf) `/knowledge/evaluation/runs/${id}`, undefined, options)
            ._thenUnwrap((r) => r.data);
    }
}
exports.EvaluationRuns = EvaluationRuns;
class KnowledgeEvaluation extends resource_js_1.APIResource {
    questions;
    runs;
    constructor(client) {
        super(client);
        this.questions = new EvaluationQuestions(client);
        this.runs = new EvaluationRuns(client);
    }
}
exports.KnowledgeEvaluation = KnowledgeEvaluation;
class UnansweredQuestions extends resource_js_1.APIResource {
    /**
     * Visitor questions the agents' knowledge had nothing for, newest first, for one chatbot
     * (`chatbotId`) or all, optionally within UTC days. Await it for one page (`page.data`,
     * `page.hasNextPage()`, `page.getNextPage()`), or `for await` over it for every question.
     */
    list(params = {}, options) {
        return new cursorPagination_js_1.CursorPagePromise(params.cursor, (cursor) => this._client.request({
            method: 'get',
            path: '/knowledge/unanswered',
            query: { ...params, cursor },
            options,
        }));
    }
}
exports.UnansweredQuestions = UnansweredQuestions;
class Knowledge extends resource_js_1.APIResource {
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
exports.Knowledge = Knowledge;
