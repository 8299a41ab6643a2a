/**
 * A DOCX archive as mammoth reads it (`exists`, `read`), each entry inflated only when asked for
 * and held to the size the archive's directory declares for it (domain/knowledge/zipInspection.ts
 * bounds those sizes). An entry that inflates beyond its declared size is a zip bomb whose
 * directory lies: inflating stops the moment it passes the size, long before gigabytes.
 */
import { inflateRawSync } from 'node:zlib';
import { SourceProblem } from '../../domain/knowledge/sourceProblem.js';
import { MAX_ZIP_UNCOMPRESSED_BYTES, type ZipEntry } from '../../domain/knowledge/zipInspection.js';

export const LYING_ARCHIVE =
  'The Word document cannot be read: its parts inflate beyond the sizes the archive declares (a zip bomb)';

export interface BoundedZipArchive {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<Uint8Array | string>;
  /** Bytes inflated so far. */
  inflated(): number;
}

export function boundedZipArchive(bytes: Uint8Array, files: readonly ZipEntry[]): BoundedZipArchive {
  const byName = new Map(files.map((f) => [f.name, f]));
  let inflated = 0;

  const inflate = (entry: ZipEntry): Uint8Array => {
    const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    let out: Uint8Array;
    if (entry.method === 0) out = data;
    else if (entry.method === 8) {
      try {
        out = inflateRawSync(data, { maxOutputLength: Math.max(entry.declaredSize, 1) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new SourceProblem(LYING_ARCHIVE);
        throw new SourceProblem(`The Word document cannot be read: ${entry.name} is damaged`);
      }
    } else
      throw new SourceProblem(
        `The Word document cannot be read: ${entry.name} is compressed in a way Word does not use`,
      );
    if (out.length !== entry.declaredSize) throw new SourceProblem(LYING_ARCHIVE);
    inflated += out.length;
    // Each entry is within its declared size, and the sizes within the cap; an entry read again
    // and again is still held to the cap in all.
    if (inflated > MAX_ZIP_UNCOMPRESSED_BYTES) throw new SourceProblem(LYING_ARCHIVE);
    return out;
  };

  return {
    exists: (name) => byName.has(name),
    async read(name, encoding) {
      const entry = byName.get(name);
      if (!entry) throw new SourceProblem(`The Word document cannot be read: it has no ${name}`);
      const out = inflate(entry);
      if (encoding === 'base64') return Buffer.from(out.buffer, out.byteOffset, out.byteLength).toString('base64');
      if (encoding) return new TextDecoder(encoding).decode(out);
      return out;
    },
    inflated: () => inflated,
  };
}
