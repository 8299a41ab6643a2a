/** The `GET /auth/session` body (docs/sign-in.md): who, where, and the CSRF token. */
import type { ReadStoreReader } from '../../infrastructure/readStore/readStore.js';
import { MEMBERSHIPS } from '../../projections/views/membershipsView.js';
import { WORKSPACES } from '../../projections/views/workspacesView.js';
import { WORKSPACE_BRANDING } from '../../projections/views/workspaceBrandingView.js';
import type { SignedIn } from '../session/sessionAuth.js';
import { csrfTokenOf } from '../session/csrf.js';
import { dashboardUrlOf, type WorkspaceHostDeps } from '../session/workspaceHost.js';

export async function presentSession(signedIn: SignedIn, deps: WorkspaceHostDeps & { views: ReadStoreReader }) {
  const memberships = await deps.views.find(MEMBERSHIPS, { userId: signedIn.userId }, { sort: [['joinedAt', 1]] });
  const workspaces = await Promise.all(
    memberships.map(async (m) => {
      const [workspace, branding] = await Promise.all([
        deps.views.get(WORKSPACES, m.workspaceId),
        deps.views.get(WORKSPACE_BRANDING, m.workspaceId),
      ]);
      const slug = branding?.slug ?? null;
      return {
        id: m.workspaceId,
        name: branding?.branding.displayName || workspace?.name || '',
        slug,
        role: m.role,
        dashboardUrl: dashboardUrlOf(slug, deps),
        plan: workspace?.plan ?? 'free',
        companyLogo: branding?.branding.companyLogo ?? null,
      };
    }),
  );
  const current = workspaces.find((w) => w.id === signedIn.workspaceId)!;
  return {
    user: { id: signedIn.userId, email: signedIn.email, name: signedIn.name },
    workspace: { ...current, role: signedIn.role },
    workspaces: workspaces.map(({ id, name, slug, role, dashboardUrl }) => ({ id, name, slug, role, dashboardUrl })),
    csrfToken: csrfTokenOf(signedIn.sessionId),
  };
}
