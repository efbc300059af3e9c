import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * What the audit trail records (decision 071), as `object.verb`. Every entry is written by one function in the
 * transaction of the change it describes.
 */
export const AUDIT_ACTIONS = [
  'point.recorded',
  'point.renamed',
  'point.recoded',
  'point.noted',
  'point.deleted',
  'point.restored',
  'line.reordered',
  'base-setup.recomputed',
  'base-setup.undone',
  'crs.changed',
  'calibration.changed',
  'calibration.removed',
  'export.downloaded',
  'device.secret-renewed',
  'project.deleted',
  'workspace.created',
  'workspace.deleted',
  'workspace.transferred',
  'member.role-changed',
  'member.removed',
  'member.left',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'device.moved',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_OBJECT_KINDS = ['point', 'base-setup', 'project', 'device', 'export', 'workspace', 'member', 'invitation'] as const;
export type AuditObjectKind = (typeof AUDIT_OBJECT_KINDS)[number];

/** Entries a page holds at most, and by default. */
export const AUDIT_PAGE_MAX = 500;
export const AUDIT_PAGE_DEFAULT = 100;

const json = z.record(z.string(), z.unknown()).nullable();
export const auditEntryView = z.object({
  /** the entry's place in the trail: later entries have larger ones (a page's cursor) */
  Seq: z.string(),
  At: z.string(),
  ProjectId: z.string().nullable(),
  UserId: z.string().nullable(),
  /** the member's name at that time */
  UserName: z.string(),
  Action: z.enum(AUDIT_ACTIONS),
  ObjectKind: z.enum(AUDIT_OBJECT_KINDS),
  ObjectId: z.string().nullable(),
  /** the object before the change, where it applies (the fields the change touched) */
  Before: json,
  /** the object after the change, where it applies */
  After: json,
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

const isoTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time' });
/** The filter of the audit trail and of its CSV; a page is the newest `limit` entries before the cursor `before`. */
export const auditQuery = z.strictObject({
  projectId: id.optional(),
  /** the member who did it */
  userId: id.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** entries at or after this time */
  from: isoTime.optional(),
  /** entries before this time */
  to: isoTime.optional(),
  /** the previous page's `Next`: entries older than it */
  before: z.string().regex(/^\d{1,18}$/, { message: 'must be the Next of a previous page' }).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditReply = z.object({
  success: z.literal(true),
  entries: z.array(auditEntryView),
  /** `before` for the next (older) page; null on the last page */
  Next: z.string().nullable(),
});

export const auditEndpoints = {
  /** The current workspace's audit trail, newest first, filtered and paged (admins and owners). */
  listAudit: endpoint({ method: 'GET', path: '/api/audit', access: 'verified', permission: 'manage' }),
  /** The same filter as a CSV file, every matching entry. */
  downloadAudit: endpoint({ method: 'GET', path: '/api/audit/csv', access: 'verified', permission: 'manage' }),
};
