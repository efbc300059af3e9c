import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startHarness, type Harness } from '../testing/harness.js';
import { download } from './test-download.js';
import { seedPoints, seedProject, type SeedPoint } from './test-seed.js';

describe('the UTM zone of an export', () => {
  // the zone rule itself is @smi/geodesy's utmZoneOf, pinned against PROJ there (utm-zone-proj.test.ts)
  describe('over HTTP', () => {
    let h: Harness;
    let surveyor: Awaited<ReturnType<Harness['verifiedUser']>>;
    beforeAll(async () => {
      h = await startHarness();
      surveyor = await h.verifiedUser();
    });
    afterAll(() => h.close());

    const csvOf = async (points: SeedPoint[]) => {
      const id = await seedProject(h.db, surveyor.userId, { name: 'Zone' });
      await seedPoints(h.db, id, points);
      return parse((await download(surveyor.agent, 'csv', id)).body, { bom: true, columns: true }) as Record<string, string>[];
    };
    // the default grid's columns name its EPSG code: easting_epsg32632_m
    const zoneOf = (rows: Record<string, string>[]) => /^easting_epsg(\d+)_m$/.exec(Object.keys(rows[0]!).find((k) => k.startsWith('easting_'))!)![1];
    const apart = (rows: Record<string, string>[]) => {
      const [e, n] = [`easting_epsg${zoneOf(rows)}_m`, `northing_epsg${zoneOf(rows)}_m`];
      return Math.hypot(Number(rows[0]![e]) - Number(rows[1]![e]), Number(rows[0]![n]) - Number(rows[1]![n]));
    };

    it('puts a survey across a zone boundary in one zone, so the plan stays continuous', async () => {
      // 0.02 degrees of longitude at 45 N, either side of the 31/32 boundary: about 1574 m apart
      const rows = await csvOf([
        { name: 'W', latitude: 45, longitude: 5.99 },
        { name: 'E', latitude: 45, longitude: 6.01 },
      ]);
      expect(zoneOf(rows)).toBe('32632');
      expect(apart(rows)).toBeGreaterThan(1570);
      expect(apart(rows)).toBeLessThan(1580);
    });

    it('averages longitudes across the antimeridian instead of landing on the far side of the world', async () => {
      // 0.02 degrees at the equator: about 2226 m apart
      const rows = await csvOf([
        { name: 'W', latitude: 0.5, longitude: 179.99 },
        { name: 'E', latitude: 0.5, longitude: -179.99 },
      ]);
      expect(['32660', '32601']).toContain(zoneOf(rows));
      expect(apart(rows)).toBeGreaterThan(2200);
      expect(apart(rows)).toBeLessThan(2250);
    });
  });
});
