/**
 * The knowledge evaluation of a workspace (stream `knowledge-evaluation-<workspaceId>`): its test
 * questions, and every run of them recorded whole, results included, so runs compare over time
 * and the views are rebuilt from the log alone (docs/knowledge-evaluation.md).
 */
import type { Decider, DomainEvent } from '../event.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { unhandled } from '../unhandled.js';
import { type EvaluationQuestionInput, MAX_EVALUATION_QUESTIONS } from './evaluationFields.js';
import type { EvaluationResult, EvaluationSummary } from './evaluationScoring.js';

// Type aliases, not interfaces: event data must be assignable to Record<string, unknown>.
export type EvaluationQuestion = EvaluationQuestionInput & { questionId: string };

export type EvaluationRun = EvaluationSummary & {
  runId: string;
  /** The chatbot whose agent's sources were searched and whose agent answered; null: every source, no answers. */
  chatbotId: string | null;
  k: number;
  results: EvaluationResult[];
  /**
   * Tokens in and out of the agent's model calls in the run, which the workspace's monthly AI
   * token budget counts (docs/ai-agents.md, Budgets). Absent in runs recorded before they were
   * kept: those count as none.
   */
  tokensIn?: number;
  tokensOut?: number;
};

/** The AI tokens a run spent (0 for a run without a chatbot, or recorded before tokens were kept). */
export const tokensOfRun = (run: Pick<EvaluationRun, 'tokensIn' | 'tokensOut'>): number =>
  (run.tokensIn ?? 0) + (run.tokensOut ?? 0);

type Ids = { workspaceId: string };

export type EvaluationEvent =
  | DomainEvent<'EvaluationQuestionAdded', Ids & EvaluationQuestion>
  | DomainEvent<'EvaluationQuestionRemoved', Ids & { questionId: string }>
  | DomainEvent<'EvaluationRunRecorded', Ids & EvaluationRun>;

export interface EvaluationState {
  workspaceId: string | null;
  /** The live questions, oldest first. */
  questions: EvaluationQuestion[];
  /** Questions removed: an id is never used twice. */
  removedQuestionIds: string[];
  runIds: string[];
}

export const initialEvaluationState: EvaluationState = {
  workspaceId: null,
  questions: [],
  removedQuestionIds: [],
  runIds: [],
};

export type EvaluationCommand =
  | {
      type: 'AddEvaluationQuestion';
      workspaceId: string;
      question: EvaluationQuestion;
      /** Which of the expected sources are the workspace's now (the command layer looked). */
      knownSourceIds: readonly string[];
    }
  | { type: 'RemoveEvaluationQuestion'; workspaceId: string; questionId: string }
  | { type: 'RecordEvaluationRun'; workspaceId: string; run: EvaluationRun };

export function decideEvaluation(command: EvaluationCommand, state: EvaluationState): EvaluationEvent[] {
  const { workspaceId } = command;
  switch (command.type) {
    case 'AddEvaluationQuestion': {
      const { question } = command;
      if (
        state.questions.some((q) => q.questionId === question.questionId) ||
        state.removedQuestionIds.includes(question.questionId)
      )
        throw new ConflictError('Evaluation question already exists');
      const unknown = question.expectedSourceIds.find((id) => !command.knownSourceIds.includes(id));
      if (unknown !== undefined)
        throw new NotFoundError(`Knowledge source ${unknown} not found`, 'KNOWLEDGE_SOURCE_NOT_FOUND');
      if (state.questions.length >= MAX_EVALUATION_QUESTIONS)
        throw new ConflictError(
          `A workspace keeps at most ${MAX_EVALUATION_QUESTIONS} evaluation questions; delete one before adding another`,
          'EVALUATION_QUESTION_LIMIT',
        );
      return [{ type: 'EvaluationQuestionAdded', data: { workspaceId, ...question } }];
    }
    case 'RemoveEvaluationQuestion':
      if (!state.questions.some((q) => q.questionId === command.questionId))
        throw new NotFoundError('Evaluation question not found');
      return [{ type: 'EvaluationQuestionRemoved', data: { workspaceId, questionId: command.questionId } }];
    case 'RecordEvaluationRun':
      if (state.runIds.includes(command.run.runId)) throw new ConflictError('Evaluation run already recorded');
      return [{ type: 'EvaluationRunRecorded', data: { workspaceId, ...command.run } }];
    default:
      return unhandled(command);
  }
}

export function evolveEvaluation(state: EvaluationState, event: EvaluationEvent): EvaluationState {
  switch (event.type) {
    case 'EvaluationQuestionAdded': {
      const { workspaceId, ...question } = event.data;
      return { ...state, workspaceId, questions: [...state.questions, question] };
    }
    case 'EvaluationQuestionRemoved':
      return {
        ...state,
        questions: state.questions.filter((q) => q.questionId !== event.data.questionId),
        removedQuestionIds: [...state.removedQuestionIds, event.data.questionId],
      };
    case 'EvaluationRunRecorded':
      return { ...state, workspaceId: event.data.workspaceId, runIds: [...state.runIds, event.data.runId] };
    default:
      return state;
  }
}

export const evaluationDecider: Decider<EvaluationCommand, EvaluationState, EvaluationEvent> = {
  decide: decideEvaluation,
  evolve: evolveEvaluation,
  initialState: initialEvaluationState,
};

export const evaluationStream = (workspaceId: string): string => `knowledge-evaluation-${workspaceId}`;
