import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceView } from '@smi/contracts';
import * as f from '@smi/rtcm/testing';
import { geodeticToEcef } from '@smi/geodesy';
import { download, jsonOf } from '../exports/test-download.js';
import { readPdf } from '../exports/test-pdf-text.js';
import { cs2csEpsg, egm96Heights } from '../exports/test-proj.js';
import { createProject, recordPoint } from '../projects/survey-fixtures.js';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 120_000);
afterAll(() => h?.close(), 60_000);

const US_FT = 1200 / 3937;
const NUMBER = String.raw`(-?\d+\.\d+)`;

/** PROJ's grid coordinate (cs2cs) and height above EGM96 (cct) of stored positions, in the CRS unit. */
function proj(code: number, metresPerUnit: number, at: { latitude: number; longitude: number; h: number }[]) {
  const grid = cs2csEpsg(code, at);
  const heights = egm96Heights(at);
  return at.map((_, i) => ({ e: grid[i]![0]!, n: grid[i]![1]!, h: heights[i]! / metresPerUnit }));
}

/** The row of a table whose line starts with the point's number and name; its text and the values after the name. */
function rowOf(text: string, no: number, name: string, rest: string): { line: string; values: RegExpExecArray } {
  const re = new RegExp(String.raw`^\s*${no}\s+${name}\s+${rest}`, 'm');
  const values = re.exec(text);
  expect(values, `row ${no} ${name} in\n${text}`).not.toBeNull();
  const start = text.lastIndexOf('\n', values!.index + 1) + 1;
  return { line: text.slice(start, text.indexOf('\n', start)), values: values! };
}

/** Where a value ends on its line: a right-aligned column ends at the same place on every row. */
const endOf = (line: string, value: string) => line.indexOf(value) + value.length;

describe('GET /api/export/report/{projectId}', () => {
  it('reads back in pdftotext as a report: cover, plan, coordinates in aligned columns as PROJ gives them, evidence of every point', async () => {
    const owner = await h.owner('Report Maker');
    const base = await h.device(owner, 'base', 'Base');
    const rover = await h.device(owner, 'rover', 'Rover');
    const project = await createProject(owner.agent, { _id: base.id } as DeviceView, [{ _id: rover.id } as DeviceView], 'Ridge Road');
    const [x, y, z] = geodeticToEcef(6.9271, 79.8612, 12.345);
    await publish(
      h.mqttUrl,
      base,
      'rtcm',
      Buffer.concat([
        f.station1005or1006({ stationId: 7, x, y, z, antennaHeight: 1.5 }),
        f.descriptors1033(7, { antenna: 'TRM59800.00 NONE', setupId: 0, antennaSerial: '1', receiver: 'SEPT POLARX5', firmware: '5.5', receiverSerial: '9' }),
      ]),
    );
    await eventually(async () => (await h.db.query('SELECT 1 FROM base_rtcm_state WHERE device_id = $1 AND receiver IS NOT NULL', [base.id]))[0], 100);
    const names = ['Corner-A', 'Corner-B', 'Fence-7'];
    const points = [];
    for (const [i, name] of names.entries()) points.push(await recordPoint(owner.agent, project._id, { Name: name, Latitude: 6.9272 + i * 1e-4, Longitude: 79.8613, EllipsoidalHeight: 10 + i, FixType: 'rtk-fixed' }));
    // occupation evidence as the server's measurement fills it (the precision columns)
    await h.db.query(
      `UPDATE points SET method = 'topo', epochs = 30, epochs_rejected = 2, fix_percent = 100, sigma_e = 0.006, sigma_n = 0.008, sigma_u = 0.0125,
         pdop = 1.4, antenna_height = 1.8, antenna_height_type = 'vertical', antenna_model = 'HEMGNSS NONE', correction_age = 1.5,
         warnings = ARRAY['float-allowed'], code = 'BDY PIN', note = 'Pin reset in concrete' WHERE id = $1`,
      [points[0]!._id],
    );
    await owner.agent.put(`/api/base-setups/${points[0]!.BaseSetupId}`).send({ Latitude: 6.92711, Longitude: 79.86121 }).expect(200);

    const res = await download(owner.agent, 'report', project._id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Ridge Road-report.pdf"');
    const { text, sizes } = await readPdf(res.body);
    const flat = text.replace(/\s+/g, ' ');

    // the cover: who, when, where, in which coordinates
    for (const s of [
      'Ridge Road Survey report',
      `Surveyor Report Maker <${owner.email}>`,
      'Base station Base (',
      'Survey dates ',
      'Points 3',
      'Coordinate system EPSG:32644 WGS 84 / UTM zone 44N, metre: the default',
      'Heights orthometric (EGM96), m: H = h - N of EGM96',
      'Site calibration none',
    ])
      expect(flat).toContain(s);
    // the precision summary, two tables side by side
    expect(text).toMatch(/RTK fixed\s+3\s/);
    expect(text).toMatch(/<= 0\.01 m\s+1\s/);
    expect(text).toMatch(/not measured\s+2\s/);
    // every base setup with its versions
    for (const s of [
      'Setup v1 (superseded) - source rtcm, datum WGS84, by Report Maker',
      'Setup v2 (in force) - source known',
      'Latitude 6.92711000, longitude 79.86121000',
      'Antenna height 1.5000 m; antenna TRM59800.00 NONE; receiver SEPT POLARX5',
      'RTCM message types 1006 x1, 1033 x1',
      'Corrections age (s) min 1.5, mean 1.5, max 1.5 over 1 points',
    ])
      expect(flat).toContain(s);
    // the plan, to scale in the grid
    expect(flat).toMatch(/Plan EPSG:32644 WGS 84 \/ UTM zone 44N[^.]*; heights orthometric \(EGM96\), m\. Grid north up\. Scale 1:[\d,]+ on A4\./);

    // the setup in force: its ARP in the grid, as PROJ gives it
    const [setup] = await h.db.query<{ latitude: number; longitude: number; height: number }>('SELECT latitude, longitude, height FROM base_setups WHERE id = (SELECT base_setup_id FROM points WHERE id = $1)', [points[0]!._id]);
    const [ref] = proj(32644, 1, [{ latitude: setup!.latitude, longitude: setup!.longitude, h: setup!.height }]);
    const inForce = new RegExp(String.raw`^\s*v2\s+known\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+1\.500\s+3\s`, 'm').exec(text);
    expect(inForce, text).not.toBeNull();
    expect(Math.abs(Number(inForce![1]) - ref!.e)).toBeLessThan(0.001);
    expect(Math.abs(Number(inForce![2]) - ref!.n)).toBeLessThan(0.001);
    expect(Math.abs(Number(inForce![3]) - ref!.h)).toBeLessThan(0.001);

    // the coordinates table: grid E/N/H first, as PROJ gives them for the stored positions, columns aligned
    expect(text).toMatch(/No\.\s+Name\s+Code\s+Section\s+Easting \(m\)\s+Northing \(m\)\s+Height \(m\)\s+Latitude\s+Longitude\s+Fix\s+Recorded \(UTC\)/);
    const stored = await h.db.query<{ name: string; number: number; latitude: number; longitude: number; ellipsoidal_height: number }>(
      'SELECT name, number, latitude, longitude, ellipsoidal_height FROM points WHERE project_id = $1 ORDER BY number',
      [project._id],
    );
    const refs = proj(32644, 1, stored.map((p) => ({ latitude: p.latitude, longitude: p.longitude, h: p.ellipsoidal_height })));
    const ends: number[][] = [];
    const tableEN: string[] = [];
    stored.forEach((p, i) => {
      const code = p.name === 'Corner-A' ? String.raw`BDY PIN\s+` : '';
      const row = rowOf(text, p.number, p.name, String.raw`${code}default\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+${p.latitude.toFixed(8)}\s+${p.longitude.toFixed(8)}\s+RTK fixed\s+\d{4}-`);
      const [e, n, hh] = [row.values[1]!, row.values[2]!, row.values[3]!];
      expect(Math.abs(Number(e) - refs[i]!.e), `${p.name} E`).toBeLessThan(0.001);
      expect(Math.abs(Number(n) - refs[i]!.n), `${p.name} N`).toBeLessThan(0.001);
      expect(Math.abs(Number(hh) - refs[i]!.h), `${p.name} H`).toBeLessThan(0.001);
      ends.push([endOf(row.line, e), endOf(row.line, n), endOf(row.line, hh)]);
      tableEN.push(`${e} ${n}`);
    });
    for (const col of [0, 1, 2]) {
      const at = ends.map((r) => r[col]!);
      expect(Math.max(...at) - Math.min(...at), `column ${col} ends at ${at}`).toBeLessThanOrEqual(1);
    }

    // the evidence of each point: method, fix, epochs, sigmas, PDOP, corrections age, antenna, setup; warnings and history under it
    expect(text).toMatch(/No\.\s+Name\s+Method\s+Fix\s+Epochs\s+Rej\.\s+Fix %\s+Sigma H \(m\)\s+Sigma V \(m\)\s+PDOP\s+Age \(s\)\s+Antenna height\s+Antenna\s+Base setup/);
    rowOf(text, 1, 'Corner-A', String.raw`topo\s+RTK fixed\s+30\s+2\s+100\s+0\.0100\s+0\.0125\s+1\.4\s+1\.5\s+1\.800 m vertical\s+HEMGNSS NONE\s+v2 known`);
    // a browser's point: the receiver's own estimate, marked
    rowOf(text, 3, 'Fence-7', String.raw`client\s+RTK fixed\s+-\s+-\s+-\s+(-|\d\.\d{3} \*)\s+(-|\d\.\d{3} \*)\s+-\s+-\s+-\s+-\s+v2 known`);
    expect(flat).toContain('Note: Pin reset in concrete Warnings: float-allowed');
    const recomputed = [...flat.matchAll(/Re-computed \S+ \S+ UTC by Report Maker \(base corrected\): E (\S+) N (\S+) H (\S+) -> E (\S+) N (\S+) H (\S+) \(dE (\S+) dN (\S+) dH (\S+)\)/g)];
    expect(recomputed).toHaveLength(3);
    // each shift is the difference of the grid coordinates it names
    for (const m of recomputed) {
      expect(Math.abs(Number(m[4]) - Number(m[1]) - Number(m[7]))).toBeLessThanOrEqual(0.0015);
      // where a point was moved to is where the coordinates table has it
      expect(tableEN).toContain(`${m[4]} ${m[5]}`);
    }

    // portrait cover and plan, landscape tables
    expect(sizes[0]).toMatch(/^595\.\d+ x 841\.\d+$/);
    expect(sizes.at(-1)).toMatch(/^841\.\d+ x 595\.\d+$/);
  });

  it('gives a project in US survey feet its CRS, unit and PROJ\'s coordinates, and a long name whole over several lines', async () => {
    const owner = await h.owner('Feet Surveyor');
    const base = await h.device(owner, 'base', 'Base');
    const project = await createProject(owner.agent, { _id: base.id } as DeviceView, [], 'Miami');
    const long = 'Iron rod found at the fence corner of lot 13 bent and reset';
    const pts = [
      { Name: 'MIA-1', Latitude: 25.774012, Longitude: -80.193711, EllipsoidalHeight: -22.5 },
      { Name: long, Latitude: 25.775102, Longitude: -80.192545, EllipsoidalHeight: -22.95 },
    ];
    for (const p of pts) await recordPoint(owner.agent, project._id, { ...p, FixType: 'rtk-float' });
    await owner.agent.put(`/api/projects/crs/${project._id}`).send({ crsCode: 2236, vertical: 'geoid', geoidModel: 'EGM96', correctionsDatum: 'NAD83(2011)' }).expect(200);

    const res = await download(owner.agent, 'report', project._id);
    expect(res.status).toBe(200);
    const { text } = await readPdf(res.body);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Coordinate system EPSG:2236 NAD83 / Florida East (ftUS), US survey foot');
    expect(text).toMatch(/Easting \(ftUS\)\s+Northing \(ftUS\)\s+Height \(ftUS\)/);
    const refs = proj(2236, US_FT, pts.map((p) => ({ latitude: p.Latitude, longitude: p.Longitude, h: p.EllipsoidalHeight })));
    const first = rowOf(text, 1, 'MIA-1', String.raw`default\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+25\.77401200\s+-80\.19371100\s+RTK float`);
    expect(Math.abs(Number(first.values[1]) - refs[0]!.e) * US_FT).toBeLessThan(0.001);
    expect(Math.abs(Number(first.values[2]) - refs[0]!.n) * US_FT).toBeLessThan(0.001);
    expect(Math.abs(Number(first.values[3]) - refs[0]!.h) * US_FT).toBeLessThan(0.001);
    // the long name wraps in its column, nothing of it cut: its words read in order across the lines of its row
    const second = rowOf(text, 2, 'Iron rod found', String.raw`[^\n]*?\s+default\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}`);
    expect(Math.abs(Number(second.values[1]) - refs[1]!.e) * US_FT).toBeLessThan(0.001);
    const coordinates = text.slice(text.indexOf('Coordinates'), text.indexOf('Evidence of each point'));
    const nameColumn = coordinates.split('\n').slice(coordinates.split('\n').findIndex((l) => l.includes('Iron rod'))).slice(0, 3);
    const col = nameColumn[0]!.indexOf('Iron rod');
    const words = nameColumn.map((l) => l.slice(col, col + 42).trim()).join(' ').replace(/\s+/g, ' ');
    expect(words).toContain(long);
  });

  it('gives an empty project a whole report; answers another account\'s project and a missing one with 404, a malformed id with 400', async () => {
    const owner = await h.owner();
    const base = await h.device(owner, 'base', 'Base');
    const project = await createProject(owner.agent, { _id: base.id } as DeviceView, []);
    const stranger = await h.owner();
    const other = await download(stranger.agent, 'report', project._id);
    expect(other.status).toBe(404);
    expect(jsonOf(other)).toEqual({ success: false, message: 'Project not found' });
    // the owner's project without points or a coordinate system is still a whole report that says so
    const own = await download(owner.agent, 'report', project._id);
    expect(own.status).toBe(200);
    const empty = (await readPdf(own.body)).text.replace(/\s+/g, ' ');
    expect(empty).toContain('Survey dates no points recorded yet');
    expect(empty).toContain('Coordinate system none yet');
    expect(empty.match(/No points recorded yet\./g)).toHaveLength(3);
    expect((await download(owner.agent, 'report', crypto.randomUUID())).status).toBe(404);
    expect((await download(owner.agent, 'report', 'nope')).status).toBe(400);
  });
});
