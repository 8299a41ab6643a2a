/** A knowledge source as both doors answer it, from the view or from a command's fresh state. */
import type { CreatedKnowledgeSource } from '../../../commands/knowledgeSourceCommands.js';
import type { KnowledgeSourceDoc } from '../../../projections/views/knowledgeSourcesView.js';

export function presentKnowledgeSource(doc: KnowledgeSourceDoc): Record<string, unknown> {
  return {
    id: doc.id,
    type: doc.type,
    title: doc.title,
    status: doc.status,
    error: doc.error ?? null,
    url: doc.url ?? null,
    sitemap: doc.sitemap ?? false,
    fileName: doc.fileName ?? null,
    format: doc.format ?? null,
    sizeBytes: doc.sizeBytes ?? 0,
    characters: doc.characters ?? 0,
    chunks: doc.chunks ?? 0,
    pages: doc.pages ?? 0,
    indexedAt: doc.indexedAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/**
 * The source a create answers, from the command's result, so a lagging view never turns it into
 * a 404; one an earlier run of the request made is read from the view when it has it.
 */
export function createdKnowledgeSourceDoc(
  created: CreatedKnowledgeSource,
  viewed: KnowledgeSourceDoc | null,
  now: string,
): KnowledgeSourceDoc {
  if (viewed) return viewed;
  const { state } = created;
  const { titleGiven: _given, ...description } = state.description!;
  const at = created.at ?? now;
  return {
    id: created.sourceId,
    workspaceId: state.workspaceId!,
    ...description,
    status: state.status,
    error: null,
    revision: state.revision,
    characters: 0,
    chunks: 0,
    pages: 0,
    indexedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}
