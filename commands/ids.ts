import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters: the id shape the storefront app expects for chatbots. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
