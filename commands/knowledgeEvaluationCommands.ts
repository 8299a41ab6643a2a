/**
 * Knowledge evaluation (docs/knowledge-evaluation.md): test questions kept per workspace, and
 * runs that retrieve for each question as an agent would, and, given a chatbot, ask its agent
 * and check the answer for the expected facts. A run happens within the request and is recorded
 * whole as one event. A failed model call fails that question's answer check, with the reason,
 * never the run. The agent's calls spend the workspace's own connection, as the playground's do,
 * and their tokens are recorded with the run, so the monthly AI token budget counts them.
 */
import { limitDetail } from '../domain/agent/agentLimits.js';
import type { AgentSettings } from '../domain/agent/agentSettings.js';
import { chatbotDecider, chatbotStream } from '../domain/chatbot/chatbot.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import {
  type EvaluationQuestion,
  type EvaluationRun,
  type EvaluationState,
  evaluationDecider,
  evaluationStream,
  tokensOfRun,
} from '../domain/knowledge/evaluation.js';
import { validateEvaluationQuestion, validateEvaluationRun } from '../domain/knowledge/evaluationFields.js';
import {
  checkFacts,
  type EvaluationResult,
  scoreRetrieval,
  summarizeRun,
} from '../domain/knowledge/evaluationScoring.js';
import { knowledgeSourceDecider, knowledgeSourceStream } from '../domain/knowledge/knowledgeSource.js';
import { budgetReachedBeforeCall, type RecordedAiTokens, withUnrecordedTokens } from './agentCallBudget.js';
import { type AgentModelDeps, callAgentModel } from './agentModelCall.js';
import type { AggregateStore } from './aggregateStore.js';
import { mapWithConcurrency } from './boundedConcurrency.js';
import type { CommandContext } from './commandContext.js';
import { newId } from './ids.js';
import { bodyObject } from './jsonBody.js';

type WorkspaceContext = CommandContext & { workspaceId: string };

/** Questions worked on at once in a run: each may wait on the model for seconds. */
export const RUN_CONCURRENCY = 4;
/** Characters of an answer kept in the run (the facts are checked on the whole answer). */
export const MAX_KEPT_ANSWER = 4000;

export interface KnowledgeEvaluationDeps extends AgentModelDeps {
  aggregates: AggregateStore;
  aiTokens: RecordedAiTokens;
  /** Every knowledge source of the workspace (the view). */
  sourceIdsOf(workspaceId: string): Promise<string[]>;
}

/** A question or a run as created, and when (null: an earlier run of the same request made it). */
export interface CreatedQuestion {
  question: EvaluationQuestion;
  at: string | null;
  recovered?: boolean;
}
export interface RecordedRun {
  runId: string;
  /** null when recovered: the views hold the earlier run. */
  run: EvaluationRun | null;
  at: string | null;
  recovered?: boolean;
}

/** Tokens in and out of a run's answer checks so far. */
type RunTokens = { tokensIn: number; tokensOut: number };

export class KnowledgeEvaluationCommands {
  constructor(private readonly deps: KnowledgeEvaluationDeps) {}

  async load(workspaceId: string): Promise<EvaluationState> {
    return (await this.deps.aggregates.load(evaluationStream(workspaceId), evaluationDecider)).state;
  }

  /** The expected sources that are the workspace's and not deleted. */
  private async knownSources(workspaceId: string, ids: readonly string[]): Promise<string[]> {
    const known: string[] = [];
    for (const id of ids) {
      const { state } = await this.deps.aggregates.load(knowledgeSourceStream(id), knowledgeSourceDecider);
      if (state.status !== 'none' && state.status !== 'deleted' && state.workspaceId === workspaceId) known.push(id);
    }
    return known;
  }

  async addQuestion(body: unknown, ctx: WorkspaceContext, opts: { newId?: string } = {}): Promise<CreatedQuestion> {
    const input = validateEvaluationQuestion(bodyObject(body));
    if (opts.newId) {
      const state = await this.load(ctx.workspaceId);
      const earlier = state.questions.find((q) => q.questionId === opts.newId);
      if (earlier) return { question: earlier, at: null, recovered: true };
      if (state.removedQuestionIds.includes(opts.newId))
        throw new ConflictError(
          'The evaluation question an earlier request with this Idempotency-Key created has since been deleted; use a new key',
        );
    }
    const question: EvaluationQuestion = { questionId: opts.newId ?? newId(), ...input };
    const knownSourceIds = await this.knownSources(ctx.workspaceId, input.expectedSourceIds);
    const added = await this.deps.aggregates.handle(
      evaluationStream(ctx.workspaceId),
      evaluationDecider,
      { type: 'AddEvaluationQuestion', workspaceId: ctx.workspaceId, question, knownSourceIds },
      ctx,
    );
    return { question, at: added.occurredAt };
  }

  async removeQuestion(questionId: string, ctx: WorkspaceContext): Promise<void> {
    await this.deps.aggregates.handle(
      evaluationStream(ctx.workspaceId),
      evaluationDecider,
      { type: 'RemoveEvaluationQuestion', workspaceId: ctx.workspaceId, questionId },
      ctx,
    );
  }

  /** The chatbot's agent, which must have knowledge sources to be evaluated. */
  private async agentOf(chatbotId: string, workspaceId: string): Promise<AgentSettings> {
    const { state } = await this.deps.aggregates.load(chatbotStream(chatbotId), chatbotDecider);
    if (state.status !== 'active' || state.workspaceId !== workspaceId) throw new NotFoundError('Chatbot not found');
    if (!state.agent)
      throw new ValidationError(
        'This chatbot has no AI agent; give it one, or run without chatbotId to search every source',
        'chatbotId',
        'NO_AGENT',
      );
    if (!state.agent.knowledge?.sourceIds.length)
      throw new ValidationError(
        "This chatbot's agent has no knowledge sources; choose its sources, or run without chatbotId to search every source",
        'chatbotId',
        'NO_KNOWLEDGE',
      );
    return state.agent;
  }

  /**
   * Asks the agent the question alone and checks its answer for the facts. The run's earlier
   * calls count in the budget check before they are recorded, so a run stops at the budget too.
   */
  private async checkAnswer(
    agent: AgentSettings,
    workspaceId: string,
    question: EvaluationQuestion,
    spent: RunTokens,
  ): Promise<Pick<EvaluationResult, 'answer' | 'factsFound' | 'factsMissing' | 'answerError'>> {
    const unchecked = { answer: null, factsFound: [], factsMissing: question.expectedFacts };
    const budget = withUnrecordedTokens(this.deps, () => spent.tokensIn + spent.tokensOut);
    const reached = await budgetReachedBeforeCall(budget, agent, workspaceId, this.deps.aggregates.now());
    if (reached) return { ...unchecked, answerError: limitDetail(reached) };
    const history = [{ type: 'user' as const, message: question.question, at: '' }];
    const outcome = await callAgentModel(this.deps, agent, workspaceId, history);
    // As in a conversation, only a call that answered counts.
    if (outcome.type === 'answer') {
      spent.tokensIn += outcome.facts.tokensIn;
      spent.tokensOut += outcome.facts.tokensOut;
    }
    if (outcome.type === 'no_knowledge')
      return {
        answer: outcome.message,
        ...checkFacts(outcome.message, question.expectedFacts),
        answerError: `no_knowledge: no passage of the agent's sources matched, so it would ${outcome.onNoAnswer === 'handoff' ? 'hand the visitor to a person' : 'ask the visitor to rephrase'} instead of answering`,
      };
    if (outcome.type !== 'answer') return { ...unchecked, answerError: `${outcome.error}: ${outcome.detail}` };
    return {
      answer: outcome.text.slice(0, MAX_KEPT_ANSWER),
      ...checkFacts(outcome.text, question.expectedFacts),
      answerError: null,
    };
  }

  async run(body: unknown, ctx: WorkspaceContext, opts: { newId?: string } = {}): Promise<RecordedRun> {
    const { chatbotId, k } = validateEvaluationRun(bodyObject(body));
    const state = await this.load(ctx.workspaceId);
    if (opts.newId && state.runIds.includes(opts.newId))
      return { runId: opts.newId, run: null, at: null, recovered: true };
    const agent = chatbotId ? await this.agentOf(chatbotId, ctx.workspaceId) : null;
    const sourceIds = agent ? agent.knowledge!.sourceIds : await this.deps.sourceIdsOf(ctx.workspaceId);
    const spent: RunTokens = { tokensIn: 0, tokensOut: 0 };
    const results = await mapWithConcurrency(state.questions, RUN_CONCURRENCY, async (q): Promise<EvaluationResult> => {
      const passages = await this.deps.retriever.retrieve({
        workspaceId: ctx.workspaceId,
        sourceIds,
        query: q.question,
        k,
        // The agent's connection: with an embedding model, retrieval ranks as the agent's does.
        connectionId: agent?.connectionId ?? null,
      });
      const asked =
        agent && q.expectedFacts.length > 0
          ? await this.checkAnswer(agent, ctx.workspaceId, q, spent)
          : { answer: null, factsFound: [], factsMissing: [], answerError: null };
      return {
        questionId: q.questionId,
        question: q.question,
        ...scoreRetrieval(q.expectedSourceIds, passages),
        ...asked,
      };
    });
    const run: EvaluationRun = {
      runId: opts.newId ?? newId(),
      chatbotId,
      k,
      ...summarizeRun(results, agent !== null),
      results,
      ...(agent ? spent : {}),
    };
    const recorded = await this.deps.aggregates.handle(
      evaluationStream(ctx.workspaceId),
      evaluationDecider,
      { type: 'RecordEvaluationRun', workspaceId: ctx.workspaceId, run },
      ctx,
    );
    // Counted at once for the next budget check, which reads no view.
    if (tokensOfRun(run) > 0)
      this.deps.aiTokens.recorded(ctx.workspaceId, new Date(recorded.occurredAt!), tokensOfRun(run));
    return { runId: run.runId, run, at: recorded.occurredAt };
  }
}
