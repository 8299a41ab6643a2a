/**
 * The shapes the workspace endpoints answer with: the owner's whole branding and the public
 * branding, which carries the active login media item only (docs/branding.md).
 */
import { loginPageUrlOf } from '../session/workspaceHost.js';
import type { WorkspaceBrandingDoc } from '../../projections/views/workspaceBrandingView.js';

export interface ActiveMediaDoc {
  id: string;
  mediaUrlPath: string;
  mediaType: string;
  adUrl: string | null;
  adLabel: string | null;
  [key: string]: unknown;
}

/** https://<slug>.{workspace_domain}/login, with PUBLIC_URL's scheme and port (docs/sign-in.md). */
export function loginUrlOf(slug: string | null, publicUrl: string, workspaceDomain: string): string {
  return loginPageUrlOf(slug, { publicUrl, workspaceDomain });
}

/** What an admin reads and writes (GET/PATCH /workspace/branding and /organization). */
export function ownerBranding(doc: WorkspaceBrandingDoc, publicUrl: string, workspaceDomain: string) {
  const { loginLogo, companyLogo, primaryColor, secondaryColor, tagline, display } = doc.branding;
  return {
    slug: doc.slug,
    displayName: doc.branding.displayName,
    workspaceId: doc.id,
    loginUrl: loginUrlOf(doc.slug, publicUrl, workspaceDomain),
    branding: { loginLogo, companyLogo, primaryColor, secondaryColor, tagline, display },
    organization: doc.organization,
  };
}

/** The public shape: nothing private (no plan, no company logo, no gallery). */
export function publicBranding(doc: WorkspaceBrandingDoc, active: ActiveMediaDoc | null, publicUrl: string) {
  const { loginLogo, primaryColor, secondaryColor, tagline } = doc.branding;
  const { description, website, industry, companySize, country, timezone } = doc.organization;
  return {
    slug: doc.slug,
    displayName: doc.branding.displayName,
    workspaceId: doc.id,
    branding: {
      loginLogo,
      primaryColor,
      secondaryColor,
      tagline,
      activeLoginMedia: active
        ? {
            mediaUrl: publicUrl + active.mediaUrlPath,
            mediaType: active.mediaType,
            adUrl: active.adUrl,
            adLabel: active.adLabel,
          }
        : null,
    },
    organization: { description, website, industry, companySize, country, timezone },
  };
}
