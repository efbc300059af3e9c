import type { Db } from '@smi/db';

export interface SeedPoint {
  name: string;
  latitude: number;
  longitude: number;
  section?: string;
  accuracy?: 'Low' | 'Medium' | 'High' | null;
  device?: string;
  recordedAt?: string;
  fixType?: 'rtk-fixed' | 'rtk-float' | 'dgps' | 'single' | null;
  satellites?: number | null;
  hdop?: number | null;
  horizontalAccuracy?: number | null;
  verticalAccuracy?: number | null;
  altitude?: number | null;
  ellipsoidalHeight?: number | null;
  geoidSeparation?: number | null;
}

/** A project owned by ownerId, with a base station, straight into the tables (the projects API is not needed). */
export async function seedProject(
  db: Db,
  ownerId: string,
  opts: { name: string; description?: string; sections?: string[]; baseCode?: string },
): Promise<string> {
  return db.tx(async (q) => {
    let baseId: string | null = null;
    if (opts.baseCode) {
      const [d] = await q.query<{ id: string }>(`INSERT INTO devices (code, name, type, owner_id) VALUES ($1, $2, 'base', $3) RETURNING id`, [
        opts.baseCode,
        `Base ${opts.baseCode}`,
        ownerId,
      ]);
      baseId = d!.id;
    }
    const [p] = await q.query<{ id: string }>(
      `INSERT INTO projects (owner_id, name, description, base_station_id, sections, base_mode, base_latitude, base_longitude)
       VALUES ($1, $2, $3, $4, $5, 'known', -22.95, -43.21) RETURNING id`,
      [ownerId, opts.name, opts.description ?? '', baseId, opts.sections ?? ['default']],
    );
    return p!.id;
  });
}

/** Inserts points in one transaction; a point without a time gets one a second after the previous. */
export async function seedPoints(db: Db, projectId: string, points: SeedPoint[]): Promise<void> {
  const start = Date.parse('2025-03-01T08:00:00.000Z');
  await db.tx(async (q) => {
    for (const [i, p] of points.entries()) {
      await q.query(
        `INSERT INTO points (project_id, name, latitude, longitude, accuracy, recorded_at, device, section, fix_type, satellites,
                             hdop, horizontal_accuracy, vertical_accuracy, altitude, ellipsoidal_height, geoid_separation)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          projectId,
          p.name,
          p.latitude,
          p.longitude,
          p.accuracy ?? null,
          p.recordedAt ?? new Date(start + i * 1000).toISOString(),
          p.device ?? 'ROVER-1',
          p.section ?? 'default',
          p.fixType ?? null,
          p.satellites ?? null,
          p.hdop ?? null,
          p.horizontalAccuracy ?? null,
          p.verticalAccuracy ?? null,
          p.altitude ?? null,
          p.ellipsoidalHeight ?? null,
          p.geoidSeparation ?? null,
        ],
      );
    }
    await q.query('UPDATE projects SET total_points = total_points + $2 WHERE id = $1', [projectId, points.length]);
  });
}

const SEED_CHUNK = 1000;

/**
 * Many points (generate_series), for the paging tests and the benchmark, a statement per 1,000. Each inserted point
 * takes its project's next number and change number in the same two rows; within one statement every one of those
 * updates walks the row's versions left by the earlier ones, so one statement of 100,000 points was still running
 * after 20 minutes (8,000: 7.8 s), where statements of 1,000 seed 100,000 in 22 s.
 */
export async function seedManyPoints(db: Db, projectId: string, count: number, sections = ['default']): Promise<void> {
  for (let from = 1; from <= count; from += SEED_CHUNK) {
    await db.query(
      `INSERT INTO points (project_id, name, latitude, longitude, accuracy, recorded_at, device, section, fix_type, satellites, hdop,
                           horizontal_accuracy, vertical_accuracy, altitude)
       SELECT $1, 'P' || g, -22.95 + (g % 500) * 0.00001, -43.21 + (g / 500) * 0.00001,
              (ARRAY['Low','Medium','High'])[1 + g % 3],
              -- some points share the previous one's timestamp (P2001 with P2000, across the first page break), so paging
              -- must break ties by seq; the odd interval gives microseconds, which a JS Date cursor would lose
              timestamptz '2025-03-01 08:00:00+00' + ((g - (CASE WHEN g % 7 = 6 THEN 1 ELSE 0 END)) * interval '1.000123 second'),
              'ROVER-' || (g % 3), ($3::text[])[1 + g % array_length($3::text[], 1)], 'rtk-fixed', 12, 0.8, 0.012, 0.02, 10 + (g % 50) * 0.1
         FROM generate_series($2::int, $4::int) AS g`,
      [projectId, from, sections, Math.min(count, from + SEED_CHUNK - 1)],
    );
  }
  await db.query('UPDATE projects SET total_points = total_points + $2 WHERE id = $1', [projectId, count]);
}
