/**
 * Where a latency spike came from: the stretches of a V8 .cpuprofile where the thread never went idle for at least
 * `min-ms` (default 30), with the frames most present in each (share of the stretch's samples).
 * node --import tsx bench/lib/profile-stalls.ts file.cpuprofile [min-ms]
 */
import { readFileSync } from 'node:fs';
interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// the repository's own files by their path in it, whatever folder it was checked out in
const root = new URL('../../', import.meta.url).href;
const name = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(root, '')}:${n.callFrame.lineNumber + 1}`;
const stack = (id: number) => { const out: string[] = []; let c: number | undefined = id; while (c !== undefined) { const n = byId.get(c)!; if (n.callFrame.functionName !== '(root)') out.push(name(n)); c = parent.get(c); } return out; };
let t = 0; let runStart = -1; let runIds: number[] = [];
const minMs = Number(process.argv[3] ?? 30);
const stalls: { start: number; ms: number; ids: number[] }[] = [];
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]!;
  const n = byId.get(p.samples[i]!)!;
  const idle = n.callFrame.functionName === '(idle)';
  if (!idle) { if (runStart < 0) { runStart = t; runIds = []; } runIds.push(p.samples[i]!); }
  else if (runStart >= 0) { if ((t - runStart) / 1000 >= minMs) stalls.push({ start: runStart / 1000, ms: (t - runStart) / 1000, ids: runIds }); runStart = -1; }
}
console.log(`${stalls.length} busy stretches >= ${minMs} ms`);
for (const s of stalls.slice(-25)) {
  // the most common frames across the stretch (any depth)
  const counts = new Map<string, number>();
  for (const id of s.ids) for (const f of new Set(stack(id).slice(0, 25))) counts.set(f, (counts.get(f) ?? 0) + 1);
  const top = [...counts.entries()].filter(([k]) => !k.startsWith('(')).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round((v / s.ids.length) * 100)}%`);
  console.log(`@${(s.start / 1000).toFixed(1)}s ${s.ms.toFixed(0)} ms: ${top.join(' | ')}`);
}
