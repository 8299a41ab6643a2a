/** The model connection reads both doors make: the workspace's, one of them, a create's answer. */
import type { CreatedModelConnection } from '../../../commands/modelConnectionCommands.js';
import { NotFoundError } from '../../../domain/errors.js';
import type { ReadStoreReader } from '../../../infrastructure/readStore/readStore.js';
import { MODEL_CONNECTIONS, type ModelConnectionDoc } from '../../../projections/views/modelConnectionsView.js';

/** The workspace's connections, oldest first (the order an admin made them in). */
export function workspaceModelConnections(views: ReadStoreReader, workspaceId: string): Promise<ModelConnectionDoc[]> {
  return views.find(MODEL_CONNECTIONS, { workspaceId }, { sort: [['createdAt', 1]] });
}

export async function ownedModelConnection(
  views: ReadStoreReader,
  workspaceId: string,
  id: string,
): Promise<ModelConnectionDoc> {
  const doc = await views.get(MODEL_CONNECTIONS, id);
  if (!doc || doc.workspaceId !== workspaceId) throw new NotFoundError('Model connection not found');
  return doc;
}

/**
 * The connection a create answers, from the command's result, so a lagging view can never turn
 * it into a 404. One an earlier run of the request made takes its times from the view.
 */
export async function createdModelConnectionDoc(
  views: ReadStoreReader,
  workspaceId: string,
  created: CreatedModelConnection,
): Promise<ModelConnectionDoc> {
  const viewed = created.at === null ? await views.get(MODEL_CONNECTIONS, created.connectionId) : null;
  const at = created.at ?? viewed?.createdAt ?? new Date().toISOString();
  return {
    createdAt: at,
    updatedAt: viewed?.updatedAt ?? at,
    id: created.connectionId,
    workspaceId,
    ...created.state.fields,
  };
}
