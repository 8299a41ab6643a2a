/**
 * `workspace_branding`: a workspace's slug, login branding and organization, folded with the
 * domain's own evolve so the view and the decisions never disagree on defaults. Read by the
 * public branding lookup (by slug), the branding API, the chat widget and the ad-click redirect.
 */
import type { RecordedEvent } from '../../infrastructure/eventStore/eventStore.js';
import {
  evolveBranding,
  initialBrandingState,
  type BrandingEvent,
  type BrandingState,
} from '../../domain/workspace/branding.js';
import { defineProjection } from '../projection.js';

export const WORKSPACE_BRANDING = 'workspace_branding';

export type WorkspaceBrandingDoc = Omit<BrandingState, 'workspaceId'> & {
  id: string;
  updatedAt: string;
  [key: string]: unknown;
};

async function fold(
  e: RecordedEvent,
  tx: Parameters<Parameters<typeof defineProjection>[2][string]>[1],
): Promise<void> {
  const id = (e.data as { workspaceId?: string }).workspaceId ?? e.streamId.slice('workspace-'.length);
  const doc = await tx.get<WorkspaceBrandingDoc>(WORKSPACE_BRANDING, id);
  const before: BrandingState = doc ? { ...doc, workspaceId: doc.id } : initialBrandingState;
  const { workspaceId: _w, ...after } = evolveBranding(before, e as unknown as BrandingEvent);
  await tx.upsert(WORKSPACE_BRANDING, { ...after, id, updatedAt: e.metadata.occurredAt });
}

export const workspaceBrandingView = defineProjection(
  'workspaceBranding',
  [{ name: WORKSPACE_BRANDING, indexes: [['slug']] }],
  {
    WorkspaceCreated: fold,
    WorkspacePlanChanged: fold,
    WorkspaceSlugChanged: fold,
    WorkspaceBrandingUpdated: fold,
    WorkspaceOrganizationUpdated: fold,
  },
);
