/**
 * The MediaStore port: uploaded files as opaque bytes under a key. Keys are chosen by the
 * caller (a fresh one per upload) and the bytes behind a key never change, which is what lets
 * the public URL be cached for a year. Adapters: fileMediaStore (DATA_DIR/media, or a volume
 * shared by every instance).
 */
import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStat {
  size: number;
}

/** put() read more than `maxBytes`: it stopped reading and kept nothing. */
export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`media exceeds ${maxBytes} bytes`);
    this.name = 'MediaTooLargeError';
  }
}

export interface MediaStore {
  /**
   * Streams `source` under `key` and resolves with its size once it is complete. The bytes
   * appear under the key all at once or not at all; beyond `maxBytes` it rejects with
   * MediaTooLargeError and keeps nothing.
   */
  put(key: string, source: Readable, opts: { maxBytes: number }): Promise<MediaStat>;
  /** The bytes (or one range of them); null when the key holds nothing. */
  open(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<MediaStat | null>;
  /** Idempotent: deleting what is absent is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are path-like (`<workspace>/<id>`) but never climb out of the store. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}){0,3}$/;

export function checkedMediaKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid media key ${JSON.stringify(key)}`);
  return key;
}
