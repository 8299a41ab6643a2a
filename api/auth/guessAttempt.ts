/**
 * A secret checked outside the sign-in forms (the current password of a password change, an
 * account's password accepting an invite) spends the account's sign-in budget only when it was
 * wrong: any other outcome, success or a refusal for another reason, gives the attempt back.
 */
import { DomainError } from '../../domain/errors.js';
import type { Attempt } from './signInThrottle.js';

export async function countingWrongGuesses<T>(
  attempt: Attempt,
  wrongGuessCodes: readonly string[],
  run: () => Promise<T>,
): Promise<T> {
  try {
    const result = await run();
    await attempt.succeeded();
    return result;
  } catch (err) {
    const wasGuess = err instanceof DomainError && err.code !== undefined && wrongGuessCodes.includes(err.code);
    if (!wasGuess) await attempt.succeeded();
    throw err;
  }
}
