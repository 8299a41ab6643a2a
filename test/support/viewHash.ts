/** A digest of every document of every view: equal hashes mean identical read models. */
import { createHash } from 'node:crypto';
import { collection, type ReadStore } from '../../infrastructure/readStore/readStore.js';
import type { Projection } from '../../projections/projection.js';

export async function hashViews(store: ReadStore, projections: Projection[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const spec of projections.flatMap((p) => p.collections)) {
    const docs = await store.find(collection(spec.name), {}, { sort: [['id', 1]] });
    const canonical = docs.map((d) => JSON.stringify(d, Object.keys(d).sort()));
    out[spec.name] = `${docs.length}:${createHash('sha256').update(canonical.join('\n')).digest('hex')}`;
  }
  return out;
}
