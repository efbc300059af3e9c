import type { Queryable } from '@smi/db';
import type { DesignLine, DesignPoint } from '@smi/design';

export interface DesignPointRow {
  id: string;
  name: string;
  easting: number;
  northing: number;
  elevation: number | null;
  code: string;
  layer: string;
  source: string;
  created_at: Date;
  updated_at: Date;
}

export interface DesignLineRow {
  id: string;
  name: string;
  code: string;
  layer: string;
  closed: boolean;
  start_station: number;
  vertices: { e: number; n: number; h: number | null; bulge: number }[];
  source: string;
  created_at: Date;
}

/** A stored line as the geometry of @smi/design takes it. */
export function designLineOf(r: Pick<DesignLineRow, 'name' | 'code' | 'layer' | 'closed' | 'start_station' | 'vertices'>): DesignLine {
  return { name: r.name, code: r.code, layer: r.layer, closed: r.closed, startStation: r.start_station, vertices: r.vertices, line: 0 };
}

/** Values of a typed point, in metres. */
export interface DesignPointValues {
  name: string;
  easting: number;
  northing: number;
  elevation: number | null;
  code: string;
  layer: string;
}

const POINT_COLUMNS = 'id, name, easting, northing, elevation, code, layer, source, created_at, updated_at';
const LINE_COLUMNS = 'id, name, code, layer, closed, start_station, vertices, source, created_at';
// rows per INSERT: arrays of this many values are one round trip each
const CHUNK = 5000;

/** Design data is reached through its project: callers check the project is the account's first. */
export const designRepository = {
  async points(q: Queryable, projectId: string): Promise<DesignPointRow[]> {
    return q.query<DesignPointRow>(`SELECT ${POINT_COLUMNS} FROM design_points WHERE project_id = $1 ORDER BY seq`, [projectId]);
  },

  async lines(q: Queryable, projectId: string): Promise<DesignLineRow[]> {
    return q.query<DesignLineRow>(`SELECT ${LINE_COLUMNS} FROM design_lines WHERE project_id = $1 ORDER BY seq`, [projectId]);
  },

  async line(q: Queryable, projectId: string, id: string): Promise<DesignLineRow | undefined> {
    const [row] = await q.query<DesignLineRow>(`SELECT ${LINE_COLUMNS} FROM design_lines WHERE id = $1 AND project_id = $2`, [id, projectId]);
    return row;
  },

  async pointNames(q: Queryable, projectId: string): Promise<string[]> {
    return (await q.query<{ name: string }>('SELECT name FROM design_points WHERE project_id = $1', [projectId])).map((r) => r.name);
  },

  async point(q: Queryable, projectId: string, id: string): Promise<DesignPointRow | undefined> {
    const [row] = await q.query<DesignPointRow>(`SELECT ${POINT_COLUMNS} FROM design_points WHERE id = $1 AND project_id = $2`, [id, projectId]);
    return row;
  },

  /** A point typed in (source 'typed') or computed by COGO ('cogo'). */
  async createPoint(q: Queryable, projectId: string, p: DesignPointValues, source: 'typed' | 'cogo' = 'typed'): Promise<DesignPointRow> {
    const [row] = await q.query<DesignPointRow>(
      `INSERT INTO design_points (project_id, name, easting, northing, elevation, code, layer, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${POINT_COLUMNS}`,
      [projectId, p.name, p.easting, p.northing, p.elevation, p.code, p.layer, source],
    );
    return row!;
  },

  async updatePoint(q: Queryable, projectId: string, id: string, p: DesignPointValues): Promise<DesignPointRow | undefined> {
    const [row] = await q.query<DesignPointRow>(
      `UPDATE design_points SET name = $3, easting = $4, northing = $5, elevation = $6, code = $7, layer = $8, updated_at = now()
       WHERE id = $1 AND project_id = $2 RETURNING ${POINT_COLUMNS}`,
      [id, projectId, p.name, p.easting, p.northing, p.elevation, p.code, p.layer],
    );
    return row;
  },

  async removePoint(q: Queryable, projectId: string, id: string): Promise<boolean> {
    return (await q.query('DELETE FROM design_points WHERE id = $1 AND project_id = $2 RETURNING id', [id, projectId])).length > 0;
  },

  async removeLine(q: Queryable, projectId: string, id: string): Promise<boolean> {
    return (await q.query('DELETE FROM design_lines WHERE id = $1 AND project_id = $2 RETURNING id', [id, projectId])).length > 0;
  },

  /** Every point and line of an import, in the file's order (seq), in chunks of one INSERT each; the caller runs it in one transaction. */
  async insertImported(q: Queryable, projectId: string, source: string, points: DesignPoint[], lines: DesignLine[]): Promise<void> {
    for (let i = 0; i < points.length; i += CHUNK) {
      const part = points.slice(i, i + CHUNK);
      await q.query(
        `INSERT INTO design_points (project_id, source, name, easting, northing, elevation, code, layer)
         SELECT $1, $2, t.name, t.e, t.n, t.h, t.code, t.layer
         FROM unnest($3::text[], $4::float8[], $5::float8[], $6::float8[], $7::text[], $8::text[]) WITH ORDINALITY AS t(name, e, n, h, code, layer, o)
         ORDER BY t.o`,
        [projectId, source, part.map((p) => p.name), part.map((p) => p.e), part.map((p) => p.n), part.map((p) => p.h), part.map((p) => p.code), part.map((p) => p.layer)],
      );
    }
    for (let i = 0; i < lines.length; i += CHUNK) {
      const part = lines.slice(i, i + CHUNK);
      await q.query(
        `INSERT INTO design_lines (project_id, source, name, code, layer, closed, start_station, vertices)
         SELECT $1, $2, t.name, t.code, t.layer, t.closed, t.start_station, t.vertices
         FROM unnest($3::text[], $4::text[], $5::text[], $6::bool[], $7::float8[], $8::jsonb[]) WITH ORDINALITY AS t(name, code, layer, closed, start_station, vertices, o)
         ORDER BY t.o`,
        [
          projectId,
          source,
          part.map((l) => l.name),
          part.map((l) => l.code),
          part.map((l) => l.layer),
          part.map((l) => l.closed),
          part.map((l) => l.startStation),
          part.map((l) => JSON.stringify(l.vertices.map((v) => ({ e: v.e, n: v.n, h: v.h, bulge: v.bulge })))),
        ],
      );
    }
  },
};
