/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package, the top rows of each.
 * node --import tsx bench/lib/profile-top.ts file.cpuprofile [rows] [last seconds]
 * With `last seconds`, only the samples of the profile's last seconds count (e.g. the final step of a ramp).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}
const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const rows = Number(process.argv[3] ?? 30);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const lastUs = process.argv[4] ? Number(process.argv[4]) * 1e6 : Infinity;
const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
const self = new Map<number, number>();
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (span - at <= lastUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const pkg = (url: string) => url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (url.includes('/apps/') ? url.replace(/.*\/apps\//, 'apps/') : url || '(native)');
const fns = new Map<string, number>();
const pkgs = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${pkg(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const p = pkg(n.callFrame.url).replace(/^apps\/([^/]+)\/src\/([^/]+).*/, 'apps/$1/$2');
  pkgs.set(p, (pkgs.get(p) ?? 0) + us);
}
const show = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`)
    .join('\n');
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n\n-- by package --\n${show(pkgs)}\n\n-- by function --\n${show(fns)}`);
