import { LIMITS } from '@smi/contracts';

/**
 * The name offered for the next point: the crew's sequence goes on from the last point made (CP-1 -> CP-2, 1000 ->
 * 1001, P009 -> P010: the trailing number plus one, its zero padding and prefix kept), as field controllers do.
 * Where there is no previous name, or it ends in no number, P{number of points + 1}. Either way a name
 * another point has is passed over (names are unique per project: P1 P2 P3, delete P2, and P3 is taken).
 */
export function defaultPointName(pointCount: number, existing: Iterable<string> = [], lastName?: string | null): string {
  const taken = new Set([...existing].map((n) => n.trim()));
  const last = /^(.*?)(\d+)$/.exec((lastName ?? '').trim());
  if (last) {
    const [, prefix = '', digits = '0'] = last;
    for (let n = BigInt(digits) + 1n; ; n += 1n) {
      const name = `${prefix}${String(n).padStart(digits.length, '0')}`;
      if (!taken.has(name)) return name;
    }
  }
  let n = pointCount + 1;
  while (taken.has(`P${n}`)) n += 1;
  return `P${n}`;
}

/** The name of the point made last (the highest number), passing over points without a name. */
export function lastPointName(points: readonly { Name: string; Number?: number; Created_On?: string }[]): string | null {
  let last: (typeof points)[number] | null = null;
  for (const p of points) {
    if (!p.Name.trim()) continue;
    if (!last || madeAfter(p, last)) last = p;
  }
  return last?.Name ?? null;
}

const madeAfter = (a: { Number?: number; Created_On?: string }, b: { Number?: number; Created_On?: string }) =>
  a.Number !== undefined && b.Number !== undefined ? a.Number > b.Number : (a.Created_On ?? '') > (b.Created_On ?? '');

/** A typed name that another point of the project already has: the server refuses it (409), so the dialog says so first. */
export const isNameTaken = (name: string, existing: Iterable<string>) => {
  const wanted = name.trim();
  if (!wanted) return false;
  for (const n of existing) if (n.trim() === wanted) return true;
  return false;
};

/** The section preselected in the dialog: the last one chosen while it still exists, else the first, else 'default'. */
export function defaultSection(sections: string[], lastSelected: string | null | undefined): string {
  if (lastSelected && sections.includes(lastSelected)) return lastSelected;
  return sections[0] ?? LIMITS.defaultSection;
}

/** The client device preselected: the first one that has a name ('N/A' means none). */
export function defaultDevice<T extends { name: string }>(devices: T[]): T | undefined {
  return devices.find((d) => d.name && d.name !== 'N/A');
}

export type NewSection = { ok: true; name: string } | { ok: false; reason: 'blank' | 'exists' };

/** A typed section name: trimmed; blank is ignored, a name already there is refused. */
export function checkNewSection(input: string | null | undefined, sections: string[]): NewSection {
  const name = (input ?? '').trim();
  if (!name) return { ok: false, reason: 'blank' };
  if (sections.includes(name)) return { ok: false, reason: 'exists' };
  return { ok: true, name };
}
