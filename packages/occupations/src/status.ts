import { OCCUPATION_ACTIVE, type OccupationProgress, type OccupationStatus } from '@smi/contracts';
import type { Queryable } from '@smi/db';

/**
 * Which status may follow which. An active occupation (running or paused) pauses, resumes, or ends (done with its
 * point, failed, cancelled by its user); an ended one never changes again.
 */
export const OCCUPATION_TRANSITIONS: Readonly<Record<OccupationStatus, readonly OccupationStatus[]>> = {
  running: ['paused', 'done', 'failed', 'cancelled'],
  paused: ['running', 'done', 'failed', 'cancelled'],
  done: [],
  failed: [],
  cancelled: [],
};

export function mayFollow(from: OccupationStatus, to: OccupationStatus): boolean {
  return from === to ? OCCUPATION_ACTIVE.includes(from) : OCCUPATION_TRANSITIONS[from].includes(to);
}

/** The statuses an occupation ends from, as SQL: the active ones, the only ones the table lets change. */
const ACTIVE_SQL = OCCUPATION_ACTIVE.map((s) => `'${s}'`).join(', ');

/** The occupations an end applies to: every condition given must hold (and the occupation must still be active). */
export interface OccupationsToEnd {
  id?: string;
  ownerId?: string;
  /** The gateway running it; null: none claimed it. */
  gatewayId?: string | null;
  /** Silent (no heartbeat) for longer than this many seconds, or than its own pause limit, as of `asOf` (default now). */
  silentFor?: number | 'its pause limit';
  asOf?: Date;
}

/**
 * Ends active occupations without a point: the one place an occupation becomes failed or cancelled (its point's
 * transaction ends it as done, occupationsRepository.storePoint). Answers the rows ended (`returning`, default id);
 * none when they had ended already, so that one end wins and is reported once.
 */
export async function endOccupations<R = { id: string }>(
  q: Queryable,
  to: 'failed' | 'cancelled' | 'done',
  reason: string | null,
  which: OccupationsToEnd,
  o: { progress?: OccupationProgress; returning?: string } = {},
): Promise<R[]> {
  const params: unknown[] = [to, reason, o.progress ? JSON.stringify(o.progress) : null];
  const where = [`status IN (${ACTIVE_SQL})`];
  const param = (v: unknown) => `$${params.push(v)}`;
  if (which.id !== undefined) where.push(`id = ${param(which.id)}`);
  if (which.ownerId !== undefined) where.push(`owner_id = ${param(which.ownerId)}`);
  if (which.gatewayId === null) where.push('gateway_id IS NULL');
  else if (which.gatewayId !== undefined) where.push(`gateway_id = ${param(which.gatewayId)}`);
  if (which.silentFor !== undefined) {
    const asOf = which.asOf ? `${param(which.asOf.toISOString())}::timestamptz` : 'now()';
    const limit = which.silentFor === 'its pause limit' ? 'max_pause_s' : `${param(which.silentFor)}`;
    where.push(`heartbeat_at < ${asOf} - make_interval(secs => ${limit})`);
  }
  return q.query<R>(
    `UPDATE occupations SET status = $1, reason = $2, progress = COALESCE($3::jsonb, progress), finished_at = now()
     WHERE ${where.join(' AND ')} RETURNING ${o.returning ?? 'id'}`,
    params,
  );
}
