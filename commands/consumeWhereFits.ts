/**
 * Uses a one-time token up only where it may be used: a try on another host, or for data that
 * no longer holds, leaves the token in place for its rightful use. The token is read, judged,
 * then taken; two requests that both pass the judgement still race for one DELETE, and only
 * one of them gets the data.
 */
import type { ChallengeKind } from '../domain/signIn/challenges.js';
import type { ChallengeStore } from '../infrastructure/sessions/challengeStore.js';

export async function consumeWhereFits<D>(
  challenges: ChallengeStore,
  kind: ChallengeKind,
  token: string,
  fits: (data: D) => boolean | Promise<boolean>,
): Promise<D | null> {
  const seen = await challenges.peekToken<D>(kind, token);
  if (!seen || !(await fits(seen.data))) return null;
  return (await challenges.consumeToken<D>(kind, token))?.data ?? null;
}
