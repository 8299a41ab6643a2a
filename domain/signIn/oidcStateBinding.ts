/**
 * The OIDC `state` is bound to the browser that started the sign-in: that browser keeps a hash
 * of it (a cookie), and a callback whose state does not hash to it is refused. Someone who
 * sends a victim their own callback address (a login CSRF through the provider) gets nothing:
 * the victim's browser holds no such hash.
 */
import { createHash } from 'node:crypto';
import { sameDigest } from './challenges.js';

export function stateBindingOf(state: string): string {
  return createHash('sha256').update(`confab-oidc-state:${state}`, 'utf8').digest('base64url');
}

export function isBoundTo(state: string, binding: string | null): boolean {
  return binding !== null && state !== '' && sameDigest(stateBindingOf(state), binding);
}
