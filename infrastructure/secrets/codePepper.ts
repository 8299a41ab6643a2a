/**
 * The code pepper: the server-side key of the email-change code hashes (`hashCode` in
 * domain/account/emailChange.ts). The event log holds each code's hash and salt, so the
 * pepper must live anywhere but the log, or a 6-digit code is recovered by brute force.
 *
 * CODE_SECRET when set; otherwise 32 random bytes (64 hex characters) generated on the first
 * start into DATA_DIR/code-pepper, mode 0600, and reused on every later start. The file is
 * per machine, so several instances sharing one PostgreSQL (DATABASE_URL) must share
 * CODE_SECRET instead: a code mailed by one instance would not verify on another.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const CODE_PEPPER_FILE = 'code-pepper';

const PEPPER_SHAPE = /^[0-9a-f]{64}$/;

export function loadCodePepper(opts: { secret?: string; dataDir: string }): string {
  if (opts.secret) return opts.secret;
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const file = join(opts.dataDir, CODE_PEPPER_FILE);
  return readPepper(file) ?? createPepper(file);
}

function readPepper(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // Never guess at a damaged file: a new pepper silently voids every live code, and the
  // operator should know the file was touched. The message names the file, not its content.
  if (!PEPPER_SHAPE.test(text)) {
    throw new Error(`${file} is not a code pepper (64 hex characters): restore it, or delete it to generate a new one (live email-change codes then fail)`);
  }
  // A copy restored from a backup may have come back readable by others.
  chmodSync(file, 0o600);
  return text;
}

/**
 * Written whole to a private temporary file, then linked into place: link fails if the file
 * exists, so two processes starting at once (the CLI and the server) agree on one pepper and
 * nobody ever reads a half-written one.
 */
function createPepper(file: string): string {
  const partial = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
  const fd = openSync(partial, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    // On disk before it is linked in: a crash must not leave an empty pepper behind.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(partial, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(partial);
  }
  return readPepper(file)!;
}
