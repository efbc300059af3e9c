import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '../../packages/db/src/pglite-memory.js';

/**
 * The baseline of a design import: the same rows inserted into the product's design_points table with one COPY, in
 * the product's own database folder (opened while the product is stopped, with the product's PGlite settings), in
 * wall milliseconds. The rows are removed again after each run, so every run copies into the same table state.
 */
export async function copyDesignRows(dbDir: string, projectId: string, rows: string, runs: number): Promise<number[]> {
  const db = await PGlite.create(dbDir, pgliteOptions());
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await db.query(
        `COPY design_points (project_id, source, name, northing, easting, elevation, code) FROM '/dev/blob' WITH (FORMAT csv)`,
        [],
        { blob: new Blob([rows]) },
      );
      times.push(performance.now() - start);
      const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM design_points WHERE project_id = $1 AND source = 'copy'`, [projectId])).rows as [{ n: number }];
      if (n === 0) throw new Error('COPY stored no rows');
      await db.query(`DELETE FROM design_points WHERE project_id = $1 AND source = 'copy'`, [projectId]);
    }
    return times;
  } finally {
    await db.close();
  }
}
