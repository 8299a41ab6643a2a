/**
 * `workspace_branding`: a workspace's slug, login branding and organization, folded with the
 * domain's own evolve so the view and the decisions never disagree on defaults. Read by the
 * public branding lookup (by slug), the branding API, the chat widget and the ad-click redirect.
 */
import { collection, type ReadStoreWriter } from '../../infrastructure/readStore/readStore.js';
import {
  evolveBranding,
  initialBrandingState,
  type BrandingEvent,
  type BrandingState,
} from '../../domain/workspace/branding.js';
import { workspaceIdOfStream } from '../../domain/workspace/workspace.js';
import { defineProjection } from '../projection.js';
import type { RecordedEventOf } from '../recordedDomainEvent.js';

export const WORKSPACE_BRANDING = collection<WorkspaceBrandingDoc>('workspace_branding');

export type WorkspaceBrandingDoc = Omit<BrandingState, 'workspaceId'> & {
  id: string;
  updatedAt: string;
  [key: string]: unknown;
};

/** The workspace events the branding folds. */
type BrandingChange = RecordedEventOf<BrandingEvent['type']>;

async function fold(e: BrandingChange, tx: ReadStoreWriter): Promise<void> {
  const id = ('workspaceId' in e.data ? e.data.workspaceId : undefined) ?? workspaceIdOfStream(e.streamId);
  const doc = await tx.get(WORKSPACE_BRANDING, id);
  const before: BrandingState = doc ? { ...doc, workspaceId: doc.id } : initialBrandingState;
  const { workspaceId: _w, ...after } = evolveBranding(before, e);
  await tx.upsert(WORKSPACE_BRANDING, { ...after, id, updatedAt: e.metadata.occurredAt });
}

export const workspaceBrandingView = defineProjection(
  'workspaceBranding',
  [{ name: WORKSPACE_BRANDING.name, indexes: [['slug']] }],
  {
    WorkspaceCreated: fold,
    WorkspacePlanChanged: fold,
    WorkspaceSlugChanged: fold,
    WorkspaceBrandingUpdated: fold,
    WorkspaceOrganizationUpdated: fold,
  },
);
