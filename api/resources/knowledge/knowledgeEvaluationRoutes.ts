/**
 * The knowledge evaluation endpoints of both doors (docs/knowledge-evaluation.md): test
 * questions with their expected sources and facts, and runs of them that report the hit rate
 * at k and, given a chatbot, its agent's answer checks. A run happens within the request and
 * answers 201 with its results. Writes need the write scope (key door) or any member (dashboard).
 */
import type { KnowledgeEvaluationCommands } from '../../../commands/knowledgeEvaluationCommands.js';
import { NotFoundError } from '../../../domain/errors.js';
import { MAX_EVALUATION_QUESTIONS } from '../../../domain/knowledge/evaluationFields.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { EVALUATION_QUESTIONS } from '../../../projections/views/evaluationQuestionsView.js';
import {
  EVALUATION_RUN_RESULTS,
  EVALUATION_RUNS,
  type EvaluationRunDoc,
} from '../../../projections/views/evaluationRunsView.js';
import { contextOf, principalOf } from '../../principal/principal.js';
import type { PerDoor, ResourceDoor } from '../resourceDoor.js';
import { idParams, wrapped } from '../resourceSchemas.js';
import {
  presentEvaluationQuestion,
  presentEvaluationRun,
  presentEvaluationRunSummary,
  questionDocOf,
  runDocOf,
} from './knowledgeEvaluationPresenter.js';
import {
  createEvaluationQuestionBody,
  createEvaluationRunBody,
  evaluationQuestionListSchema,
  evaluationQuestionSchema,
  evaluationRunListSchema,
  evaluationRunSchema,
} from './knowledgeEvaluationSchemas.js';

export interface KnowledgeEvaluationRoutesDeps {
  views: ReadStoreReader;
  knowledgeEvaluation: KnowledgeEvaluationCommands;
}

const TAGS: PerDoor<string[]> = { key: ['Knowledge evaluation'], session: ['Dashboard: knowledge evaluation'] };

async function ownedRun(views: ReadStoreReader, workspaceId: string, id: string): Promise<Record<string, unknown>> {
  const doc = await views.get(EVALUATION_RUNS, id);
  if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('Evaluation run not found');
  const results = (await views.get(EVALUATION_RUN_RESULTS, id))?.results ?? [];
  return presentEvaluationRun(doc, results);
}

export function knowledgeEvaluationRoutes(
  door: ResourceDoor,
  { views, knowledgeEvaluation }: KnowledgeEvaluationRoutesDeps,
): void {
  const tags = TAGS[door.kind];

  door.add(
    {
      method: 'post',
      path: '/knowledge/evaluation/questions',
      tags,
      body: createEvaluationQuestionBody,
      summary: `Add a test question with the sources that should answer it and, optionally, facts a right answer contains (at most ${MAX_EVALUATION_QUESTIONS} per workspace)`,
      responses: {
        201: { description: 'Added', schema: wrapped(evaluationQuestionSchema) },
        404: { description: 'An expected source is not one of the workspace (KNOWLEDGE_SOURCE_NOT_FOUND)' },
        409: {
          description: `The workspace keeps ${MAX_EVALUATION_QUESTIONS} questions already (EVALUATION_QUESTION_LIMIT)`,
        },
      },
    },
    async ({ body, res }) => {
      const ctx = contextOf(res);
      const created = await door.create(res, 'evaluationQuestion', (opts) =>
        knowledgeEvaluation.addQuestion(body, ctx, opts),
      );
      const viewed = created.at === null ? await views.get(EVALUATION_QUESTIONS, created.question.questionId) : null;
      const doc = viewed ?? questionDocOf(ctx.workspaceId, created.question, created.at ?? new Date().toISOString());
      return { status: 201, body: { data: presentEvaluationQuestion(doc) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/knowledge/evaluation/questions',
      tags,
      summary: "List the workspace's evaluation questions",
      responses: { 200: { description: 'Questions, oldest first', schema: evaluationQuestionListSchema } },
    },
    async ({ res }) => {
      const { workspaceId } = principalOf(res);
      const docs = await views.find(EVALUATION_QUESTIONS, { workspaceId }, { sort: [['createdAt', 1]] });
      return { body: { data: docs.map(presentEvaluationQuestion) } };
    },
  );

  door.add(
    {
      method: 'delete',
      path: '/knowledge/evaluation/questions/:id',
      tags,
      params: idParams,
      summary: 'Delete an evaluation question (runs already recorded keep it)',
      responses: { 204: { description: 'Deleted' }, 404: { description: 'No such question in this workspace' } },
    },
    async ({ params, res }) => {
      await knowledgeEvaluation.removeQuestion(params.id, contextOf(res));
      res.status(204).end();
    },
  );

  door.add(
    {
      method: 'post',
      path: '/knowledge/evaluation/runs',
      tags,
      body: createEvaluationRunBody,
      summary:
        "Run every evaluation question: retrieve k passages for each and, given a chatbot, ask its agent and check the answer's facts; recorded and answered with the results",
      responses: {
        201: { description: 'The run, recorded', schema: wrapped(evaluationRunSchema) },
        400: { description: 'The chatbot has no agent (NO_AGENT) or its agent no sources (NO_KNOWLEDGE)' },
        404: { description: 'No such chatbot in this workspace' },
      },
    },
    async ({ body, res }) => {
      const ctx = contextOf(res);
      const recorded = await door.create(res, 'evaluationRun', (opts) => knowledgeEvaluation.run(body, ctx, opts));
      if (!recorded.run) return { status: 201, body: { data: await ownedRun(views, ctx.workspaceId, recorded.runId) } };
      const doc: EvaluationRunDoc = runDocOf(ctx.workspaceId, recorded.run, recorded.at ?? new Date().toISOString());
      return { status: 201, body: { data: presentEvaluationRun(doc, recorded.run.results) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/knowledge/evaluation/runs',
      tags,
      summary: "List the workspace's evaluation runs with their scores (without the per-question results)",
      responses: { 200: { description: 'Runs, newest first', schema: evaluationRunListSchema } },
    },
    async ({ res }) => {
      const { workspaceId } = principalOf(res);
      const docs = await views.find(EVALUATION_RUNS, { workspaceId }, { sort: [['createdAt', -1]] });
      return { body: { data: docs.map(presentEvaluationRunSummary) } };
    },
  );

  door.add(
    {
      method: 'get',
      path: '/knowledge/evaluation/runs/:id',
      tags,
      params: idParams,
      summary: 'One evaluation run with its result for each question',
      responses: { 200: { description: 'The run', schema: wrapped(evaluationRunSchema) } },
    },
    async ({ params, res }) => ({ body: { data: await ownedRun(views, principalOf(res).workspaceId, params.id) } }),
  );
}
