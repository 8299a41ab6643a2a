/** `workspaces`: plan and limits per workspace, read by authentication and usage. */
import { collection } from '../../infrastructure/readStore/readStore.js';
import { workspaceIdOfStream } from '../../domain/workspace/workspace.js';
import { defineProjection, stampedAt } from '../projection.js';

export const WORKSPACES = collection<WorkspaceDoc>('workspaces');

export interface WorkspaceDoc {
  id: string;
  name: string;
  plan: string;
  limits: Record<string, number | null> | null;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const workspacesView = defineProjection('workspaces', [{ name: WORKSPACES.name, indexes: [] }], {
  async WorkspaceCreated(e, tx) {
    const d = e.data;
    await tx.upsert(WORKSPACES, {
      id: d.workspaceId,
      name: d.name,
      plan: d.plan,
      limits: d.limits ?? null,
      ownerId: d.ownerId,
      ...stampedAt(e),
    });
  },
  async WorkspacePlanChanged(e, tx) {
    const d = e.data;
    await tx.patch(WORKSPACES, workspaceIdOfStream(e.streamId), {
      plan: d.plan,
      limits: d.limits ?? null,
      updatedAt: e.metadata.occurredAt,
    });
  },
});
