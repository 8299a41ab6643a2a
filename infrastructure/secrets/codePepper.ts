/**
 * The code pepper: the server-side key of the email-change code hashes (`hashCode` in
 * domain/account/emailChange.ts). The event log holds each code's hash and salt, so the
 * pepper must live anywhere but the log, or a 6-digit code is recovered by brute force.
 *
 * CODE_SECRET when set; otherwise 32 random bytes (64 hex characters) generated on the first
 * start into DATA_DIR/code-pepper, mode 0600, and reused on every later start (keyFile.ts). The
 * file is per machine, so several instances sharing one PostgreSQL (DATABASE_URL) must share
 * CODE_SECRET instead: a code mailed by one instance would not verify on another.
 */
import { loadOrCreateKeyFile } from './keyFile.js';

export const CODE_PEPPER_FILE = 'code-pepper';

export function loadCodePepper(opts: { secret?: string; dataDir: string }): string {
  if (opts.secret) return opts.secret;
  return loadOrCreateKeyFile({
    dataDir: opts.dataDir,
    file: CODE_PEPPER_FILE,
    what: 'a code pepper',
    lossOnReset: 'live email-change codes then fail',
  });
}
