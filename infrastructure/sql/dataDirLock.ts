/**
 * The embedded database may be opened by one process at a time: two PGlite instances on the
 * same directory would corrupt it. A pid file guards it; a file left by a crashed process
 * (its pid no longer alive) is taken over.
 */
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'confab.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new Error(
          `DATA_DIR ${dir} is in use by process ${holder}: the embedded store belongs to one process (use the CLI while it runs, or set DATABASE_URL)`,
        );
      }
      unlinkSync(file);
    }
  }
  throw new Error(`could not lock DATA_DIR ${dir}`);
}
