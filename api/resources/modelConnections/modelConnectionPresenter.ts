/** A model connection as both doors answer it: every documented field, never the key. */
import type { ModelConnectionDoc } from '../../../projections/views/modelConnectionsView.js';

export function presentModelConnection(doc: ModelConnectionDoc): Record<string, unknown> {
  return {
    id: doc.id,
    name: doc.name,
    baseUrl: doc.baseUrl,
    chatModel: doc.chatModel,
    embeddingModel: doc.embeddingModel ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** The platform default as listed: where it points and which model, never its key. */
export function presentPlatformModel(
  platform: { baseUrl: string; chatModel: string } | undefined,
): { baseUrl: string; chatModel: string } | null {
  return platform ? { baseUrl: platform.baseUrl, chatModel: platform.chatModel } : null;
}
