/**
 * The choices and limits of the branding and organization fields, with no dependency at all:
 * the rules (brandingRules.ts) check against them and the dashboard's pickers offer them, from
 * one list.
 */
export const BACKGROUND_FITS = ['cover', 'contain', 'fill', 'original'] as const;
export const BACKGROUND_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Retail',
  'Manufacturing',
  'Real Estate',
  'Legal',
  'Marketing',
  'Consulting',
  'Hospitality',
  'Non-Profit',
  'Other',
] as const;
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export const MAX_TAGLINE = 150;
export const MAX_DISPLAY_NAME = 100;
export const MAX_ORGANIZATION_DESCRIPTION = 500;
