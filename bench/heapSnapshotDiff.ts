/**
 * Compares two V8 heap snapshots (bench/aiAgent.ts writes them with HEAP_SNAPSHOTS=<folder>):
 * objects added between them, grouped by constructor, largest growth first; with TRACE=<name>,
 * the retainer paths of a few objects of that constructor that are new in the second snapshot,
 * which name the structure holding on to them.
 *
 *   node --import tsx bench/heapSnapshotDiff.ts start.heapsnapshot end.heapsnapshot
 *   TRACE=Object node --import tsx bench/heapSnapshotDiff.ts start.heapsnapshot end.heapsnapshot
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  nodeTypes: string[];
  edgeTypes: string[];
  strings: string[];
  nodes: number[];
  edges: number[];
  nodeFields: number;
  edgeFields: number;
  /** Node index (in fields) of each node's first edge. */
  firstEdge: Int32Array;
}

function load(path: string): Snapshot {
  const raw = JSON.parse(readFileSync(path, 'utf8'));
  const meta = raw.snapshot.meta;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const count = raw.nodes.length / nodeFields;
  const firstEdge = new Int32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e;
    e += raw.nodes[i * nodeFields + 4] * edgeFields;
    firstEdge[i + 1] = e;
  }
  return {
    nodeTypes: meta.node_types[0],
    edgeTypes: meta.edge_types[0],
    strings: raw.strings,
    nodes: raw.nodes,
    edges: raw.edges,
    nodeFields,
    edgeFields,
    firstEdge,
  };
}

/** Fields of node_fields: type, name, id, self_size, edge_count. */
const nodeKey = (s: Snapshot, i: number) =>
  `${s.nodeTypes[s.nodes[i * s.nodeFields]!]}:${s.strings[s.nodes[i * s.nodeFields + 1]!]!.slice(0, 60)}`;
const nodeId = (s: Snapshot, i: number) => s.nodes[i * s.nodeFields + 2]!;

function byConstructor(s: Snapshot): Map<string, { count: number; size: number }> {
  const out = new Map<string, { count: number; size: number }>();
  const count = s.nodes.length / s.nodeFields;
  for (let i = 0; i < count; i++) {
    const key = nodeKey(s, i);
    const e = out.get(key) ?? { count: 0, size: 0 };
    e.count++;
    e.size += s.nodes[i * s.nodeFields + 3]!;
    out.set(key, e);
  }
  return out;
}

const [beforePath, afterPath] = process.argv.slice(2);
if (!beforePath || !afterPath) throw new Error('usage: heapSnapshotDiff.ts <before> <after>');
const before = load(beforePath);
const after = load(afterPath);
const b = byConstructor(before);
const a = byConstructor(after);
const rows = [...a].map(([key, v]) => {
  const was = b.get(key) ?? { count: 0, size: 0 };
  return { key, count: v.count - was.count, kb: Math.round((v.size - was.size) / 1024) };
});
rows.sort((x, y) => y.kb - x.kb);
console.log('growth by constructor (count, KB):');
for (const r of rows.slice(0, Number(process.env.TOP ?? 30))) console.log(`${r.count}\t${r.kb}\t${r.key}`);

const trace = process.env.TRACE;
if (trace) {
  const old = new Set<number>();
  for (let i = 0; i < before.nodes.length / before.nodeFields; i++) old.add(nodeId(before, i));
  // Reverse edges: each node's retainers (node index, edge name).
  const count = after.nodes.length / after.nodeFields;
  const retainers: Array<Array<[number, string]>> = Array.from({ length: count }, () => []);
  for (let i = 0; i < count; i++) {
    for (let e = after.firstEdge[i]!; e < after.firstEdge[i + 1]!; e += after.edgeFields) {
      const type = after.edgeTypes[after.edges[e]!]!;
      if (type === 'weak' || type === 'shortcut') continue;
      const nameOrIndex = after.edges[e + 1]!;
      const name = type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : after.strings[nameOrIndex]!;
      retainers[after.edges[e + 2]! / after.nodeFields]!.push([i, name]);
    }
  }
  const samples: number[] = [];
  for (let i = 0; i < count && samples.length < Number(process.env.SAMPLES ?? 5); i++) {
    // Every 97th match, so the samples are spread over the heap rather than one cluster.
    if (nodeKey(after, i) === trace && !old.has(nodeId(after, i)) && i % 97 === 0) samples.push(i);
  }
  for (const start of samples) {
    console.log(`\nretainers of ${nodeKey(after, start)} @${nodeId(after, start)}:`);
    let at = start;
    const seen = new Set<number>([at]);
    for (let depth = 0; depth < 14; depth++) {
      const next = retainers[at]!.find(([r]) => !seen.has(r));
      if (!next) break;
      const [r, edge] = next;
      console.log(`${'  '.repeat(depth)}<- .${edge} of ${nodeKey(after, r)} @${nodeId(after, r)}`);
      seen.add(r);
      at = r;
    }
  }
}
