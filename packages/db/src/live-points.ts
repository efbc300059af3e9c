/**
 * The points that are not deleted, as a FROM item (decision 072): `FROM ${livePoints('p')} WHERE p.project_id = $1`.
 * Every read of points goes through it, so a tombstone (a deleted point kept 30 days for a restore) is in no list,
 * export, report, linework, count or check. The alias defaults to `points`, so unqualified columns read as before.
 * A query that must reach tombstones too (the restore list, a restore, the purge, a ClientId retry, a base
 * re-computation that moves them with the live points) says so with the marker right after the table:
 * `FROM points /* with tombstones *\/`. A test scans the sources for any other `FROM points` or `JOIN points`.
 */
export function livePoints(alias = 'points'): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  return `(SELECT * FROM points WHERE deleted_at IS NULL) AS ${alias}`;
}

/** Days a deleted point stays restorable before the purge removes it. */
export const POINT_TOMBSTONE_DAYS = 30;
