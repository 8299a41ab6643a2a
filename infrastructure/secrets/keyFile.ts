/**
 * A server key kept as a private file under DATA_DIR when the configuration names none: 32 random
 * bytes (64 hex characters) generated on the first start, mode 0600, and reused on every later
 * start. Used by the code pepper (codePepper.ts) and the storefront token key (tokenCipher.ts).
 *
 * The file is per machine, so several instances sharing one PostgreSQL must share the key through
 * their configuration instead.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

const KEY_SHAPE = /^[0-9a-f]{64}$/;

export interface KeyFileSpec {
  dataDir: string;
  /** File name under dataDir. */
  file: string;
  /** What the key is, for the message about a damaged file ("a code pepper"). */
  what: string;
  /** What is lost when the operator deletes a damaged file ("live email-change codes then fail"). */
  lossOnReset: string;
}

/** The key in the file, created first when absent (64 lowercase hex characters). */
export function loadOrCreateKeyFile(spec: KeyFileSpec): string {
  mkdirSync(spec.dataDir, { recursive: true, mode: 0o700 });
  const file = join(spec.dataDir, spec.file);
  return readKey(file, spec) ?? createKey(file, spec);
}

function readKey(file: string, spec: KeyFileSpec): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // Never guess at a damaged file: a new key silently voids what the old one protected, and the
  // operator should know the file was touched. The message names the file, not its content.
  if (!KEY_SHAPE.test(text)) {
    throw new Error(
      `${file} is not ${spec.what} (64 hex characters): restore it, or delete it to generate a new one (${spec.lossOnReset})`,
    );
  }
  // A copy restored from a backup may have come back readable by others.
  chmodSync(file, 0o600);
  return text;
}

/**
 * Written whole to a private temporary file, then linked into place: link fails if the file
 * exists, so two processes starting at once (the CLI and the server) agree on one key and
 * nobody ever reads a half-written one.
 */
function createKey(file: string, spec: KeyFileSpec): string {
  const partial = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
  const fd = openSync(partial, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    // On disk before it is linked in: a crash must not leave an empty key behind.
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
  return readKey(file, spec)!;
}
