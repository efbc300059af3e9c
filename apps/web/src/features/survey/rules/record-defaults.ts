import { LIMITS } from '@smi/contracts';

/**
 * The default point name is P{number of points + 1}. After a deletion that name can already be taken (P1 P2 P3,
 * delete P2: P3 again), so when it is, the next free number is offered instead.
 */
export function defaultPointName(pointCount: number, existing: Iterable<string> = []): string {
  const taken = new Set([...existing].map((n) => n.trim()));
  let n = pointCount + 1;
  while (taken.has(`P${n}`)) n += 1;
  return `P${n}`;
}

/** A typed name that another point of the project already has (a warning, never a refusal). */
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
