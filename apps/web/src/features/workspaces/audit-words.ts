import type { AuditAction, AuditEntryView } from '@smi/contracts';

/**
 * Every action of the audit trail in words. A `Record` over the contracts' list: an action added there without its
 * words here does not compile, so the screen never shows a raw `object.verb`.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'point.recorded': 'Point recorded',
  'point.renamed': 'Point renamed',
  'point.recoded': 'Point code changed',
  'point.noted': 'Point note changed',
  'point.deleted': 'Point deleted',
  'point.restored': 'Point restored',
  'line.reordered': 'Point moved along its line',
  'base-setup.recomputed': 'Base corrected, points re-computed',
  'base-setup.undone': 'Base correction undone',
  'crs.changed': 'Coordinate system changed',
  'calibration.changed': 'Calibration set',
  'calibration.removed': 'Calibration removed',
  'export.downloaded': 'Export downloaded',
  'device.secret-renewed': 'Device secret renewed',
  'project.deleted': 'Project deleted',
  'workspace.created': 'Workspace created',
  'workspace.deleted': 'Workspace deleted',
  'workspace.transferred': 'Ownership transferred',
  'member.role-changed': 'Member role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'invitation.sent': 'Invitation sent',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'device.moved': 'Device moved to another workspace',
};

/** A field of an entry's before/after in words: "EllipsoidalHeight" -> "Ellipsoidal height", "OwnerId" -> "Owner id". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : /^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase())).join(' ');
}

/** A value of a before/after as a person reads it: a named object (a member, a recorder) by its name, empty as a dash. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  if (Array.isArray(v)) return v.length ? v.map(valueText).join(', ') : '—';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.Name === 'string') return o.Name;
    const keys = Object.keys(o).filter((k) => o[k] !== null && o[k] !== undefined && !(typeof o[k] === 'object' && Object.keys(o[k] as object).length === 0));
    return keys.length ? keys.map((k) => `${k}: ${valueText(o[k])}`).join('; ') : '—';
  }
  return String(v);
}

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/**
 * What an entry changed, field by field, in the order the entry names them: both sides where the entry has both
 * (a rename: Name P-1 -> P-2), one side where it has one (a recorded point has only after, a deleted one only before).
 * A field with the same value on both sides is left out when the entry has both sides.
 */
export function changesOf(entry: Pick<AuditEntryView, 'Before' | 'After'>): FieldChange[] {
  const before = entry.Before ?? {};
  const after = entry.After ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const out: FieldChange[] = [];
  for (const k of keys) {
    const b = entry.Before && k in before ? valueText(before[k]) : null;
    const a = entry.After && k in after ? valueText(after[k]) : null;
    if (entry.Before && entry.After && b === a) continue;
    out.push({ field: fieldLabel(k), before: b, after: a });
  }
  return out;
}

/** What the entry is about, in a few words: "point P-12", "invitation kim@example.com", or its kind alone. */
export function subjectOf(entry: Pick<AuditEntryView, 'ObjectKind' | 'Before' | 'After'>): string {
  const pick = (o: Record<string, unknown> | null) => (o ? (o.Name ?? o.Email ?? o.Code ?? o.Format) : undefined);
  const name = pick(entry.After) ?? pick(entry.Before);
  const kind = entry.ObjectKind.replace('-', ' ');
  return typeof name === 'string' && name ? `${kind} ${name}` : kind;
}
