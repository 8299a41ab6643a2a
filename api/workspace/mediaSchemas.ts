/** JSON schemas of the login media gallery endpoints (validation and OpenAPI; docs/branding.md). */
import {
  MAX_AD_LABEL,
  MAX_AD_URL,
  MAX_GALLERY_ITEMS,
  MAX_SLIDE_SECONDS,
  MIN_SLIDE_SECONDS,
} from '../../domain/media/loginMediaRules.js';

const str = { type: 'string' } as const;
const adUrl = {
  type: 'string',
  nullable: true,
  maxLength: MAX_AD_URL,
  description: 'http or https URL the item links to; null or "" clears it',
} as const;
const adLabel = {
  type: 'string',
  nullable: true,
  maxLength: MAX_AD_LABEL,
  description: 'Text of the ad link; null or "" clears it',
} as const;
const slideDuration = {
  type: 'integer',
  minimum: MIN_SLIDE_SECONDS,
  maximum: MAX_SLIDE_SECONDS,
  description: 'Seconds the item shows before the next (default 6); videos advance when they end',
} as const;

/** Media ids are 24 hex characters; anything else names nothing (404). */
const mediaId = { type: 'string', pattern: '^[0-9a-f]{24}$' } as const;
export const mediaIdParams = { type: 'object', required: ['id'], properties: { id: mediaId } } as const;
export const publicMediaParams = { type: 'object', required: ['mediaId'], properties: { mediaId } } as const;

export const mediaItemSchema = {
  type: 'object',
  required: [
    'id',
    'mediaUrl',
    'mediaType',
    'contentType',
    'size',
    'active',
    'adUrl',
    'adLabel',
    'slideDuration',
    'position',
  ],
  properties: {
    id: str,
    mediaUrl: { ...str, description: 'Public address of the file (GET /api/v1/workspace/public/media/{mediaId})' },
    mediaType: { type: 'string', enum: ['image', 'video'] },
    contentType: {
      ...str,
      description:
        'As detected from the bytes: image/png, image/jpeg, image/svg+xml, video/mp4, video/webm, video/ogg or video/quicktime',
    },
    size: { type: 'integer', description: 'Bytes stored (for SVG: after cleaning)' },
    active: {
      type: 'boolean',
      description: 'The login background; exactly one item is active while the gallery has any',
    },
    adUrl,
    adLabel,
    slideDuration,
    position: { type: 'integer', description: '0-based place in the display order' },
  },
} as const;

export const mediaListSchema = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: mediaItemSchema } },
} as const;

export const uploadForm = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: 'PNG, JPEG or SVG up to 10 MB; MP4, WebM, OGG or MOV up to 100 MB; judged by its bytes',
    },
    adUrl,
    adLabel,
    slideDuration,
  },
} as const;

export const patchMediaBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    adUrl,
    adLabel,
    slideDuration,
    active: {
      type: 'boolean',
      enum: [true],
      description: 'true makes this the login background (the active one before is deactivated)',
    },
  },
} as const;

export const orderBody = {
  type: 'object',
  required: ['ids'],
  additionalProperties: false,
  properties: {
    ids: {
      type: 'array',
      maxItems: MAX_GALLERY_ITEMS * 2,
      items: str,
      description: "Every item's id exactly once, in the new display order",
    },
  },
} as const;

export const messageSchema = { type: 'object', required: ['message'], properties: { message: str } } as const;
