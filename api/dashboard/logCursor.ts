/** The opaque page cursor of the delivery log: the last row's time and id, base64url. */
import { ValidationError } from '../../domain/errors.js';
import type { LogCursor } from '../../dispatchers/webhooks/deliveryStore.js';

export function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): LogCursor {
  const [createdAt, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !/^\d+$/.test(id) || Number.isNaN(Date.parse(createdAt))) throw new ValidationError('cursor is not one this endpoint answered', 'cursor');
  return { createdAt, id };
}
