/**
 * A slug a workspace gives up stays its own for a while (docs/branding.md): its old links and
 * bookmarks keep leading nowhere rather than to another tenant's login page, and the workspace
 * may take it back.
 */
export const SLUG_COOL_DOWN_DAYS = 30;

export const SLUG_COOL_DOWN_MS = SLUG_COOL_DOWN_DAYS * 24 * 60 * 60 * 1000;

export const SLUG_COOLING_DOWN = `This slug was given up recently and stays with its previous workspace for ${SLUG_COOL_DOWN_DAYS} days. Try another one.`;
