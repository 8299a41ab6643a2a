/**
 * The opaque page cursor of the unanswered questions: the last row's `order` (the time asked and
 * the id), base64url. Only what encodeUnansweredCursor wrote is taken back.
 */
import { ValidationError } from '../../../domain/errors.js';

const ORDER = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z[A-Za-z0-9_-]{1,64}$/;

export const encodeUnansweredCursor = (order: string): string => Buffer.from(order, 'utf8').toString('base64url');

export function decodeUnansweredCursor(raw: string): string {
  const order = Buffer.from(raw, 'base64url').toString('utf8');
  if (!ORDER.test(order)) throw new ValidationError('cursor is not one this endpoint answered', 'cursor');
  return order;
}
