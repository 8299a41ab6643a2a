/**
 * A conversation's events reduced to what a what-if run replays (domain/flow/flowReplay.ts): the
 * visitor's inputs in order, every http answer, the steps passed and how it stands. Turns
 * recorded before the flow engine kept no path, and an AI agent's conversation never ran the
 * flow: such a conversation cannot be compared and reads as null.
 */
import type { RecordedConversation, RecordedHttpAnswer } from '../flow/flowReplay.js';
import type { ConversationEvent } from './conversationEvents.js';

export function recordedConversationOf(events: Iterable<ConversationEvent>): RecordedConversation | null {
  let started = false;
  const recorded: RecordedConversation = {
    inputs: [],
    httpAnswers: [],
    path: [],
    outcome: 'open',
    closedAs: null,
    responseId: null,
  };
  // Whether the flow itself had finished: a completion while it still waited came from the visitor or an operator.
  let flowFinished = false;
  for (const event of events) {
    switch (event.type) {
      case 'ConversationStarted':
        // An AI agent's conversation never ran the flow: there is no path to compare.
        if (!event.data.path || !event.data.flowState || event.data.aiAgent) return null;
        started = true;
        recorded.path.push(...event.data.path);
        flowFinished = event.data.flowState.finished;
        break;
      case 'ResponseCreated':
        recorded.responseId = event.data.responseId;
        break;
      case 'MessagesRecorded':
        if (!event.data.path || !event.data.flowState) return null;
        for (const entry of event.data.entries) if (entry.type === 'user') recorded.inputs.push(entry.message);
        recorded.path.push(...event.data.path);
        flowFinished = event.data.flowState.finished;
        break;
      case 'FlowHttpAnswered':
        recorded.httpAnswers.push(httpAnswerOf(event.data));
        recorded.path.push(...event.data.path);
        flowFinished = event.data.flowState.finished;
        break;
      case 'ConversationCompleted': {
        const { resolution } = event.data;
        recorded.outcome = resolution;
        recorded.closedAs = !flowFinished && resolution !== 'resolved' ? resolution : null;
        break;
      }
      default:
        break;
    }
  }
  return started ? recorded : null;
}

function httpAnswerOf(data: Extract<ConversationEvent, { type: 'FlowHttpAnswered' }>['data']): RecordedHttpAnswer {
  const answer: RecordedHttpAnswer = {
    stepId: data.stepId,
    status: data.status,
    error: data.error,
    savedValues: Object.values(data.saved).some((v) => v !== ''),
  };
  if (data.json !== undefined) answer.json = data.json;
  return answer;
}
