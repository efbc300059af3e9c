/**
 * Which shot a join's point name means. Names need not be unique in a project: the latest point of that name
 * measured before the joining shot, else the first one after it; -1 when there is none.
 */
export function joinTargets(shots: readonly { name: string }[]) {
  const byName = new Map<string, number[]>();
  shots.forEach((s, i) => {
    const list = byName.get(s.name);
    if (list) list.push(i);
    else byName.set(s.name, [i]);
  });
  return {
    find(name: string, from: number): number {
      const found = byName.get(name);
      if (!found) return -1;
      let before = -1;
      for (const i of found) {
        if (i < from) before = i;
        else if (i > from) return before >= 0 ? before : i;
      }
      return before >= 0 ? before : found.includes(from) ? from : -1;
    },
  };
}
