// Self time per function (top N) of a .cpuprofile: `node bench/profileSummary.mjs <file> [N]`.
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const top = Number(process.argv[3] ?? 30);
const self = new Map();
const dt = (profile.endTime - profile.startTime) / profile.samples.length;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map();
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
let total = 0;
for (const [id, n] of counts) {
  const node = byId.get(id);
  const f = node.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*node_modules\//, 'nm/').replace(/^file:\/\/\/work\/main\//, '')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + n * dt);
  total += n * dt;
}
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, top);
for (const [k, us] of rows)
  console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
