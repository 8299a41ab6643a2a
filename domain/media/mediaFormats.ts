/**
 * Which files the login gallery takes (docs/branding.md): PNG, JPEG and SVG images up to
 * 10 MB, MP4, WebM, OGG and MOV videos up to 100 MB. The type is the one found in the bytes,
 * never the file name or the declared Content-Type.
 */
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.js';

export type MediaType = 'image' | 'video';

export interface MediaLimits {
  imageBytes: number;
  videoBytes: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { imageBytes: 10 * 1024 * 1024, videoBytes: 100 * 1024 * 1024 };

export const SVG_CONTENT_TYPE = 'image/svg+xml';

export interface MediaFormat {
  /** What the file is served as. */
  contentType: string;
  mediaType: MediaType;
}

/**
 * Detected type → how it is kept. Variants that browsers play as their base format are served
 * as that format: an animated PNG is a PNG, an M4V is an MP4.
 */
const ACCEPTED: Record<string, MediaFormat> = {
  'image/png': { contentType: 'image/png', mediaType: 'image' },
  'image/apng': { contentType: 'image/png', mediaType: 'image' },
  'image/jpeg': { contentType: 'image/jpeg', mediaType: 'image' },
  [SVG_CONTENT_TYPE]: { contentType: SVG_CONTENT_TYPE, mediaType: 'image' },
  'video/mp4': { contentType: 'video/mp4', mediaType: 'video' },
  'video/x-m4v': { contentType: 'video/mp4', mediaType: 'video' },
  'video/webm': { contentType: 'video/webm', mediaType: 'video' },
  'video/ogg': { contentType: 'video/ogg', mediaType: 'video' },
  'video/quicktime': { contentType: 'video/quicktime', mediaType: 'video' },
};

const ACCEPTED_NAMES = 'PNG, JPEG or SVG images, MP4, WebM, OGG or MOV videos';

/** The format of a detected type, or a 415 that says what the bytes were. */
export function acceptedFormat(detected: string | null): MediaFormat {
  const format = detected ? ACCEPTED[detected] : undefined;
  if (!format) {
    const found = detected ? `the file is ${detected}` : 'the file type could not be recognised from its content';
    throw new UnsupportedMediaTypeError(`file must be one of ${ACCEPTED_NAMES}; ${found}`);
  }
  return format;
}

export function byteLimitOf(mediaType: MediaType, limits: MediaLimits): number {
  return mediaType === 'image' ? limits.imageBytes : limits.videoBytes;
}

/** 10485760 → "10 MB", 2048 → "2 KB", 100 → "100 bytes". */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export function tooLarge(mediaType: MediaType, limits: MediaLimits): PayloadTooLargeError {
  const limit = describeBytes(byteLimitOf(mediaType, limits));
  return new PayloadTooLargeError(
    `file is too large: ${mediaType === 'image' ? 'images' : 'videos'} may be at most ${limit}`,
  );
}
