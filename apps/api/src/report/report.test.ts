import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceView } from '@smi/contracts';
import { rtcmTestFrames as f } from '@smi/gateway';
import { geodeticToEcef } from '@smi/geodesy';
import { download, jsonOf } from '../exports/test-download.js';
import { readPdf } from '../exports/test-pdf-text.js';
import { createProject, recordPoint } from '../projects/survey-fixtures.js';
import { eventually, publish, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 120_000);
afterAll(() => h?.close(), 60_000);

describe('GET /api/export/report/{projectId}', () => {
  it('reads back in pdftotext with the project, the base setups and their history, and every value of every point', async () => {
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
         pdop = 1.4, antenna_height = 1.8, correction_age = 1.5, warnings = ARRAY['float-allowed'] WHERE id = $1`,
      [points[0]!._id],
    );
    await owner.agent.put(`/api/base-setups/${points[0]!.BaseSetupId}`).send({ Latitude: 6.92711, Longitude: 79.86121 }).expect(200);

    const res = await download(owner.agent, 'report', project._id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Ridge Road-report.pdf"');
    const { text } = await readPdf(res.body);
    const flat = text.replace(/\s+/g, ' ');
    for (const s of [
      'Ridge Road',
      'Survey report',
      'Base station: Base',
      'Points: 3',
      'Points by fix type: rtk-fixed 3 (total 3)',
      '<= 0.01 m 1,',
      'not measured 2',
      'Setup v1 (superseded) - source rtcm, datum WGS84, by Report Maker',
      'Setup v2 (in force) - source known',
      'Latitude 6.92711000, longitude 79.86121000',
      'Antenna height 1.5000 m; antenna TRM59800.00 NONE; receiver SEPT POLARX5',
      'RTCM message types: 1006 x1, 1033 x1',
      'Corrections age (s): min 1.5, mean 1.5, max 1.5 over 1 points',
      'Corner-A | topo |',
      'epochs 30/2 | fixed 100% | sigma H/V 0.010/0.013 m | PDOP 1.4 | antenna 1.800 m | setup v2 known | warnings float-allowed',
      'by Report Maker (base corrected): 6.92720000, 79.86130000, 10.000 -> 6.92721000, 79.86131000, 10.000',
      'Fence-7 | client |',
    ])
      expect(flat).toContain(s);
    for (const n of names) expect(flat).toContain(`${n} |`);
    // the history line names the old and new latitude of every point
    expect(flat.match(/re-computed .*? by Report Maker/g)).toHaveLength(3);
  });

  it('answers another account\'s project and a missing one with 404, a malformed id with 400', async () => {
    const owner = await h.owner();
    const base = await h.device(owner, 'base', 'Base');
    const project = await createProject(owner.agent, { _id: base.id } as DeviceView, []);
    const stranger = await h.owner();
    const other = await download(stranger.agent, 'report', project._id);
    expect(other.status).toBe(404);
    expect(jsonOf(other)).toEqual({ success: false, message: 'Project not found' });
    expect((await download(owner.agent, 'report', crypto.randomUUID())).status).toBe(404);
    expect((await download(owner.agent, 'report', 'nope')).status).toBe(400);
  });
});
