/**
 * One turn's model call of an agent (docs/ai-agents.md, A turn; docs/knowledge.md, Cited
 * answers): the connection's target, the prompt with the instructions as the system message,
 * the tools, and what the answer comes to. Shared by a visitor's turn (conversationCommands.ts),
 * a dashboard playground turn (agentPreviewCommands.ts) and evaluation runs, so they cannot drift.
 *
 * An agent with knowledge sources searches them with the visitor's words before the call, so
 * most answers need one call; the model may search again with words of its own through
 * search_knowledge (at most MAX_MODEL_SEARCHES times a turn, each a further call).
 */
import { createHash } from 'node:crypto';
import { agentPrompt, type PromptMessage } from '../domain/agent/agentPrompt.js';
import type { AgentKnowledge, AgentSettings } from '../domain/agent/agentSettings.js';
import { agentTools, toolActionOf } from '../domain/agent/agentTools.js';
import {
  type ModelAnswer,
  type ModelCallOutcome,
  noKnowledgeOutcome,
  outcomeOfAnswer,
} from '../domain/agent/agentTurn.js';
import { knowledgeGuidance, searchQueryOf } from '../domain/agent/knowledgePrompt.js';
import type { ProvenanceChunk, TranscriptEntry } from '../domain/conversation/conversationEvents.js';
import {
  type CitationIndex,
  citedSources,
  type NumberedPassage,
  numberPassages,
  passagesText,
} from '../domain/knowledge/citations.js';
import type { ChatModel, ChatModelResult } from '../infrastructure/ai/chatModel.js';
import type { KnowledgeRetriever } from './knowledgeRetrieval.js';

/** Where an agent's model is reached: a model connection of the workspace, its key in clear. */
export interface ModelTarget {
  baseUrl: string;
  apiKey: string;
  chatModel: string;
}

export interface AgentModelDeps {
  /** The agents' model calls (infrastructure/ai/chatModel.ts). */
  chatModel: ChatModel;
  /** The connection an agent uses; null when it is gone or its key cannot be read. */
  modelTarget(connectionId: string, workspaceId: string): Promise<ModelTarget | null>;
  /** The workspace's AI tokens this UTC month and its plan's budget (null: unlimited). */
  aiTokenBudget(workspaceId: string, now: Date): Promise<{ tokensUsed: number; tokenLimit: number | null }>;
  /** Passages of the agent's knowledge sources. */
  retriever: KnowledgeRetriever;
}

/** Searches the model may ask for in one turn, beyond the one made with the visitor's words. */
export const MAX_MODEL_SEARCHES = 2;

/** The failure an agent without a usable connection comes to, before any call. */
export const unusableAgent = (detail: string): ModelCallOutcome => ({
  type: 'failure',
  error: 'no_connection',
  detail,
  model: null,
  latencyMs: null,
});

/** Names the instructions an answer was given without storing them again in every event. */
export const instructionsVersion = (instructions: string): string =>
  createHash('sha256').update(instructions).digest('hex').slice(0, 16);

/** The searches of one turn: what was asked, what was given, and how the documents are numbered. */
function knowledgeSearches(deps: AgentModelDeps, agent: AgentSettings, knowledge: AgentKnowledge, workspaceId: string) {
  const searches: string[] = [];
  const chunks: ProvenanceChunk[] = [];
  let index: CitationIndex = new Map();
  return {
    async search(query: string): Promise<NumberedPassage[]> {
      searches.push(query);
      const found = await deps.retriever.retrieve({
        workspaceId,
        sourceIds: knowledge.sourceIds,
        query,
        connectionId: agent.connectionId,
      });
      const numbered = numberPassages(found, index);
      index = numbered.index;
      chunks.push(...found.map((p) => ({ chunkId: p.chunkId, sourceId: p.sourceId, score: p.score })));
      return numbered.numbered;
    },
    /** What the turn's answer was built from, once it is known. */
    knowledgeOf(answer: string) {
      const sources = citedSources(answer, index);
      return {
        provenance: {
          instructionsVersion: instructionsVersion(agent.instructions),
          searches,
          chunks,
          citedSourceIds: [...new Set(sources.map((s) => s.sourceId))],
        },
        sources,
        nothingFound: chunks.length === 0,
      };
    },
  };
}

/** The facts of several calls as one: tokens add up, the last call names the model and finish. */
function together(calls: readonly ModelAnswer[], last: ModelAnswer, latencyMs: number): ModelAnswer {
  return {
    ...last,
    tokensIn: calls.reduce((n, c) => n + c.tokensIn, 0),
    tokensOut: calls.reduce((n, c) => n + c.tokensOut, 0),
    latencyMs,
  };
}

/** `history` ends with the visitor's newest message; `onToken` streams the answer's text. */
export async function callAgentModel(
  deps: AgentModelDeps,
  agent: AgentSettings,
  workspaceId: string,
  history: readonly TranscriptEntry[],
  onToken?: (text: string) => void,
): Promise<ModelCallOutcome> {
  const started = Date.now();
  const target = await deps.modelTarget(agent.connectionId, workspaceId);
  if (!target) return unusableAgent("The agent's model connection was deleted, or its stored key cannot be read");
  const model = agent.model ?? target.chatModel;
  const knowledge = agent.knowledge?.sourceIds.length ? agent.knowledge : null;
  const call = (messages: PromptMessage[], canSearch: boolean): Promise<ChatModelResult> =>
    deps.chatModel.answer({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      model,
      messages,
      tools: agentTools(canSearch),
      temperature: agent.temperature,
      maxOutputTokens: agent.maxOutputTokens,
      onToken,
      turnStartedAt: started,
    });
  if (!knowledge) {
    const answer = await call(agentPrompt(agent.instructions, history), false);
    if (!answer.ok)
      return { type: 'failure', error: answer.error, detail: answer.detail, model, latencyMs: answer.latencyMs };
    return outcomeOfAnswer(answer);
  }

  const turn = knowledgeSearches(deps, agent, knowledge, workspaceId);
  const question = searchQueryOf(history);
  const first = await turn.search(question);
  if (first.length === 0 && knowledge.answerOnlyFromKnowledge)
    return noKnowledgeOutcome(knowledge.onNoAnswer, question);
  const system = `${agent.instructions}\n\n${knowledgeGuidance(knowledge.answerOnlyFromKnowledge)}\n\n${passagesText(first)}`;
  const messages = agentPrompt(system, history);
  const calls: ModelAnswer[] = [];
  // What the visitor has seen of the earlier calls (words before a search) is part of the answer.
  let shown = '';
  for (let searchesLeft = MAX_MODEL_SEARCHES; ; searchesLeft -= 1) {
    const answer = await call(messages, searchesLeft > 0);
    if (!answer.ok)
      return { type: 'failure', error: answer.error, detail: answer.detail, model, latencyMs: Date.now() - started };
    calls.push(answer);
    const toolCall = answer.toolCalls[0];
    const action = toolCall && toolActionOf(toolCall);
    if (toolCall && action?.type === 'search' && searchesLeft > 0) {
      shown += answer.text;
      const found = await turn.search(action.query);
      messages.push(
        {
          role: 'assistant',
          content: answer.text,
          tool_calls: [
            { id: toolCall.id, type: 'function', function: { name: toolCall.name, arguments: toolCall.arguments } },
          ],
        },
        { role: 'tool', tool_call_id: toolCall.id, content: passagesText(found) },
      );
      continue;
    }
    const outcome = outcomeOfAnswer(together(calls, { ...answer, text: shown + answer.text }, Date.now() - started));
    if (outcome.type !== 'answer') return outcome;
    return { ...outcome, knowledge: turn.knowledgeOf(outcome.text) };
  }
}
