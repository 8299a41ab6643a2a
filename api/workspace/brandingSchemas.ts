/** JSON schemas of the workspace branding endpoints (validation and OpenAPI). */
import {
  BACKGROUND_FITS,
  BACKGROUND_POSITIONS,
  COMPANY_SIZES,
  INDUSTRIES,
  MAX_ORGANIZATION_DESCRIPTION,
} from '../../domain/workspace/brandingRules.js';

const str = { type: 'string' } as const;
const nullableStr = { type: 'string', nullable: true } as const;

export const slugParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', maxLength: 100 } },
} as const;
/** The slug check answers any text (a rule it breaks is the answer). */
export const checkSlugParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string' } },
} as const;

export const slugCheckResult = {
  type: 'object',
  required: ['available', 'slug'],
  properties: {
    available: { type: 'boolean' },
    slug: str,
    reason: { ...str, description: 'Why the slug cannot be used (absent when available)' },
  },
} as const;

export const claimSlugBody = { type: 'object', required: ['slug'], properties: { slug: str } } as const;
export const claimSlugResult = {
  type: 'object',
  required: ['message', 'slug'],
  properties: { message: str, slug: str },
} as const;

const display = {
  type: 'object',
  properties: {
    fit: { type: 'string', enum: [...BACKGROUND_FITS] },
    position: { type: 'string', enum: [...BACKGROUND_POSITIONS] },
    cardPosition: { ...str, description: '"<x>,<y>", each a percentage 0–100' },
  },
} as const;

const organization = {
  type: 'object',
  properties: {
    description: { ...str, maxLength: MAX_ORGANIZATION_DESCRIPTION },
    website: nullableStr,
    industry: { type: 'string', enum: [...INDUSTRIES], nullable: true },
    companySize: { type: 'string', enum: [...COMPANY_SIZES], nullable: true },
    country: { ...nullableStr, description: 'ISO 3166-1 alpha-2' },
    timezone: { ...nullableStr, description: 'IANA time zone' },
  },
} as const;

export const ownerBrandingSchema = {
  type: 'object',
  required: ['slug', 'displayName', 'workspaceId', 'loginUrl', 'branding', 'organization'],
  properties: {
    slug: nullableStr,
    displayName: str,
    workspaceId: str,
    loginUrl: str,
    branding: {
      type: 'object',
      properties: {
        loginLogo: nullableStr,
        companyLogo: nullableStr,
        primaryColor: str,
        secondaryColor: str,
        tagline: str,
        display,
      },
    },
    organization,
  },
} as const;

export const patchBrandingBody = {
  type: 'object',
  properties: {
    displayName: str,
    loginLogo: nullableStr,
    companyLogo: nullableStr,
    primaryColor: str,
    secondaryColor: str,
    tagline: str,
    display: { type: 'object' },
  },
} as const;

export const patchOrganizationBody = {
  type: 'object',
  properties: {
    description: str,
    website: nullableStr,
    industry: nullableStr,
    companySize: nullableStr,
    country: nullableStr,
    timezone: nullableStr,
  },
} as const;

export const publicBrandingSchema = {
  type: 'object',
  required: ['slug', 'displayName', 'workspaceId', 'branding', 'organization'],
  properties: {
    slug: str,
    displayName: str,
    workspaceId: str,
    branding: {
      type: 'object',
      required: ['loginLogo', 'primaryColor', 'secondaryColor', 'tagline', 'activeLoginMedia'],
      properties: {
        loginLogo: nullableStr,
        primaryColor: str,
        secondaryColor: str,
        tagline: str,
        activeLoginMedia: {
          type: 'object',
          nullable: true,
          required: ['mediaUrl', 'mediaType', 'adUrl', 'adLabel'],
          properties: {
            mediaUrl: str,
            mediaType: { type: 'string', enum: ['image', 'video'] },
            adUrl: nullableStr,
            adLabel: nullableStr,
          },
        },
      },
    },
    organization,
  },
} as const;

export const countriesSchema = {
  type: 'object',
  required: ['countries'],
  properties: {
    countries: {
      type: 'array',
      items: { type: 'object', required: ['code', 'name'], properties: { code: str, name: str } },
    },
  },
} as const;
