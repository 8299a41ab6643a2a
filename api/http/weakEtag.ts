/**
 * Express's default weak ETag (`W/"<length hex>-<sha1 base64, 27 chars>"`, the `etag`
 * package's format), computed with node's one-shot `crypto.hash` and without copying the body
 * into a Buffer: the same tag for the same body, at less cost on every JSON answer.
 */
import { hash } from 'node:crypto';

export function weakEtag(body: string | Buffer, encoding: BufferEncoding = 'utf8'): string {
  const text = typeof body === 'string' && encoding === 'utf8';
  const bytes = text ? body : Buffer.isBuffer(body) ? body : Buffer.from(body, encoding);
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  return `W/"${length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`;
}
