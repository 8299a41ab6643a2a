/**
 * MediaStore on a directory (DATA_DIR/media by default). Several instances share one by
 * mounting the same volume there: a file is written under a temporary name beside its final
 * place, synced, then renamed, so a reader on any instance sees either nothing or all of it.
 * Directories are 0700 and files 0600: only the service's own user reads uploads directly.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkedMediaKey, MediaTooLargeError, type ByteRange, type MediaStat, type MediaStore } from './mediaStore.js';

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** Passes bytes through until there are more than `maxBytes`, then fails the pipeline. */
function byteLimit(maxBytes: number, counted: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.size += chunk.length;
      if (counted.size > maxBytes) done(new MediaTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

class FileMediaStore implements MediaStore {
  private rootReady: Promise<void> | null = null;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return join(this.root, ...checkedMediaKey(key).split('/'));
  }

  /** The root is made (or tightened, if an older version left it open) once per process. */
  private ensureRoot(): Promise<void> {
    this.rootReady ??= (async () => {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      await chmod(this.root, 0o700);
    })();
    return this.rootReady;
  }

  async put(key: string, source: Readable, { maxBytes }: { maxBytes: number }): Promise<MediaStat> {
    const target = this.pathOf(key);
    // The source may fail while the directories are made; pipeline reads that from its state later.
    source.on('error', () => undefined);
    await this.ensureRoot();
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    const counted = { size: 0 };
    // flush: synced to disk before the rename makes it visible, so a crash never leaves a short file under the key.
    const file = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
    try {
      await pipeline(source, byteLimit(maxBytes, counted), file);
      await rename(temp, target);
      return { size: counted.size };
    } catch (err) {
      // The pipeline can reject before the file stream has closed (seen under load: a refused upload's
      // temporary file outlived its rm); removing it only once the stream is closed leaves none.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
      await rm(temp, { force: true });
      throw err;
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const file = await open(this.pathOf(key), 'r');
      return file.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<MediaStat | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** The media under `root`; the directory is made (0700) on the first write, not here. */
export function createFileMediaStore(root: string): FileMediaStore {
  return new FileMediaStore(root);
}

export type { FileMediaStore };
