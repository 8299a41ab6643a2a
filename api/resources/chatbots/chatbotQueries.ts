/** The chatbot reads both doors make: the workspace's chatbots, one of them, a write's answer, the cap. */
import { NotFoundError } from '../../../domain/errors.js';
import type { ChatbotState } from '../../../domain/chatbot/chatbot.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { CHATBOTS, type ChatbotDoc } from '../../../projections/views/chatbotsView.js';
import type { WorkspaceDoc } from '../../../projections/views/workspacesView.js';
import { limitsOfWorkspace } from '../usage/usageReport.js';

/** The workspace's chatbots, newest first. */
export function workspaceChatbots(views: ReadStoreReader, workspaceId: string): Promise<ChatbotDoc[]> {
  return views.find(CHATBOTS, { workspaceId }, { sort: [['createdAt', -1]] });
}

/** A chatbot of the caller's workspace from the view; any other is "not found". */
export async function ownedChatbot(views: ReadStoreReader, workspaceId: string, id: string): Promise<ChatbotDoc> {
  const doc = await views.get(CHATBOTS, id);
  if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('Chatbot not found');
  return doc;
}

/**
 * The answer to a write, from the command's own result: the views normally include it already
 * (read-your-writes), but when they lag the caller still gets what it created, never a 404
 * that would make it create again. The view adds what the command does not know
 * (responseCount, createdAt), except for a chatbot just created, where both are known: 0 and
 * now, and the read is saved.
 */
export async function written(
  views: ReadStoreReader,
  state: ChatbotState,
  at: string | null,
  created = false,
): Promise<ChatbotDoc> {
  const doc = created ? null : await views.get(CHATBOTS, state.chatbotId!);
  const updatedAt = at ?? doc?.updatedAt ?? new Date().toISOString();
  return {
    responseCount: 0,
    createdAt: updatedAt,
    ...doc,
    id: state.chatbotId!,
    workspaceId: state.workspaceId!,
    ...state.fields,
    updatedAt,
  };
}

/** How many chatbots the workspace has and may have. */
export function chatbotCap(workspace: WorkspaceDoc, count: number) {
  return { used: count, limit: limitsOfWorkspace(workspace).chatbots };
}
