/**
 * What the server hands a sign-in page (pageShell.ts writes it as a JSON block; CSP forbids
 * inline script), read back by the page (web/login/pageData.ts). The branding shape is also what
 * the dashboard's live preview of the login card is rendered from.
 */
export type PageKind = 'login' | 'magic' | 'signup' | 'signupConfirm' | 'invite' | 'notFound';

export type BackgroundFit = 'cover' | 'contain' | 'fill' | 'original';

export interface LoginMedia {
  id: string;
  /** Same-origin path (or absolute URL) of the file. */
  url: string;
  type: 'image' | 'video';
  adUrl: string | null;
  adLabel: string | null;
  /** Seconds an image stays before the next slide; a video advances when it ends. */
  slideDuration: number;
  /** The public ad-click redirect (records the click); `?vid=` is added by the page. */
  clickUrl: string | null;
}

export interface LoginBranding {
  /** null on the main-domain (Confab-branded) pages. */
  slug: string | null;
  displayName: string;
  loginLogo: string | null;
  primaryColor: string;
  secondaryColor: string;
  tagline: string;
  display: { fit: BackgroundFit | string; position: string; cardPosition: string };
  /** The background slides: the active item first, then the rest of the gallery in display order. */
  media: LoginMedia[];
}

export interface PageData {
  page: PageKind;
  /** PUBLIC_URL, without a trailing slash: OIDC popups open there and answer from its origin. */
  publicUrl: string;
  branding: LoginBranding;
  /** true on the main-domain pages where no workspace is known yet. */
  confab: boolean;
  /**
   * On the main host's invite and sign-in-link pages: the workspace the link's live token is
   * for (landingWorkspace.ts). Absent when the token is dead or cannot be checked.
   */
  workspaceName?: string;
}

/** The id of the JSON block the page data travels in. */
export const DATA_ELEMENT_ID = 'confab-page-data';
