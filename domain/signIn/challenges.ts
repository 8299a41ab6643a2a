/**
 * The rules of the one-time sign-in challenges: how long each lives, how many wrong tries a
 * mailed code survives, and how a submitted secret is judged. The secrets themselves are made
 * and stored (hashed) by the command and infrastructure layers; this module stays pure.
 */
import { timingSafeEqual } from 'node:crypto';

export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
/** Workspace switch and the OIDC popup's hand-back: used within seconds, or never. */
export const HANDOFF_TTL_MS = 60 * 1000;
/** The OIDC round trip at the provider (a person may have to type a password there). */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;
export const SIGNUP_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

export type ChallengeKind = 'code' | 'magic' | 'handoff' | 'oidc-state' | 'oidc-result' | 'signup';

export interface StoredChallenge {
  attemptsLeft: number;
  expiresAt: Date;
  /** The hash of the live secret, for kinds whose secret is guessable (codes); null otherwise. */
  secretHash: string | null;
}

export type CodeVerdict = 'accepted' | 'expired' | 'wrong' | 'burned';

/** A wrong code spends a try; the last wrong try burns the code, so 5 guesses in 10^6 is the most anyone gets. */
export function judgeCode(challenge: StoredChallenge, submittedHash: string, now: Date): CodeVerdict {
  if (now.getTime() >= challenge.expiresAt.getTime()) return 'expired';
  if (challenge.secretHash && sameDigest(challenge.secretHash, submittedHash)) return 'accepted';
  return challenge.attemptsLeft <= 1 ? 'burned' : 'wrong';
}

/** Constant-time equality of two digests (hex or base64url): timing tells nothing about a near miss. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Six digits, zero-padded; `randomInt` is the caller's CSPRNG (node:crypto). */
export function formatCode(n: number): string {
  return String(n).padStart(6, '0');
}

export function isCodeShaped(raw: unknown): raw is string {
  return typeof raw === 'string' && /^\d{6}$/.test(raw.trim());
}
