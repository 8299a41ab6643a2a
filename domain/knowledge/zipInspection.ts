/**
 * A look at a ZIP archive's central directory before anything is inflated (a DOCX is a ZIP):
 * how many entries, where each one's data lies, and how large they say they become. A "zip bomb"
 * claims little on disk and gigabytes once inflated; an honest one is refused here, from the
 * directory alone. The sizes can lie, so the reader that inflates
 * (infrastructure/knowledge/documentThread.ts) holds each entry to the size declared here and
 * stops the moment it would pass it.
 */
export const MAX_ZIP_ENTRIES = 2000;
export const MAX_ZIP_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
/** Real documents compress text about 5–20 times; far beyond is a bomb. */
export const MAX_ZIP_RATIO = 200;

/** One file of the archive, as its directory and local header describe it. */
export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated (the only two a document uses). */
  method: number;
  /** Where its compressed bytes start, and how many there are. */
  dataOffset: number;
  compressedSize: number;
  /** What it says it inflates to: an upper bound the reader enforces. */
  declaredSize: number;
}

export type ZipVerdict = { ok: true; entries: string[]; files: ZipEntry[] } | { ok: false; reason: string };

const LOCAL = 0x04034b50;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

export function inspectZip(bytes: Uint8Array): ZipVerdict {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 22 || view.getUint32(0, true) !== LOCAL) return { ok: false, reason: 'not a ZIP archive' };
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end === -1) return { ok: false, reason: 'the archive is damaged (no central directory)' };
  const count = view.getUint16(end + 10, true);
  const dirOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff) return { ok: false, reason: 'ZIP64 archives are not accepted' };
  if (count > MAX_ZIP_ENTRIES) return { ok: false, reason: `the archive holds more than ${MAX_ZIP_ENTRIES} files` };
  let offset = dirOffset;
  let total = 0;
  const files: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL)
      return { ok: false, reason: 'the archive is damaged (bad central directory)' };
    const method = view.getUint16(offset + 10, true);
    const compressed = view.getUint32(offset + 20, true);
    const uncompressed = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOCAL)
      return { ok: false, reason: 'the archive is damaged (bad local header)' };
    const dataOffset =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataOffset + compressed > bytes.length)
      return { ok: false, reason: 'the archive is damaged (an entry is cut short)' };
    files.push({ name, method, dataOffset, compressedSize: compressed, declaredSize: uncompressed });
    total += uncompressed;
    if (total > MAX_ZIP_UNCOMPRESSED_BYTES)
      return { ok: false, reason: `it would inflate to more than ${MAX_ZIP_UNCOMPRESSED_BYTES / 1024 / 1024} MB` };
    if (uncompressed > 1024 * 1024 && uncompressed / Math.max(compressed, 1) > MAX_ZIP_RATIO)
      return { ok: false, reason: 'it is compressed far beyond what a document can be (a zip bomb)' };
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries: files.map((f) => f.name), files };
}
