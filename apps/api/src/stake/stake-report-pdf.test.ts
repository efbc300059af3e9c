import { randomUUID } from 'node:crypto';
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordPreviewReply, StakeRecordView } from '@smi/contracts';
import { replay } from '@smi/gateway/testing/nmea-replay';
import { occupy, readingOf, startLiveHarness, type LiveHarness } from '../realtime/live-harness.js';
import { readPdf } from '../exports/test-pdf-text.js';

/**
 * The stake report PDF read back by poppler: two design points staked from a real u-blox log (one 11 mm off, one
 * 100 mm off: out of tolerance), one never staked. Every figure of the table is the stored record's to the
 * millimetre, and the records' deltas are the offsets the design was typed at.
 */
let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
}, 180_000);
afterAll(async () => {
  await h?.close();
});

async function pdfOf(agent: Agent, url: string) {
  return agent
    .get(url)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
      stream.on('error', (err: Error) => done(err, null));
    });
}

describe('stake report PDF', () => {
  it('plans the design and the staked points and lists every record to the millimetre, out of tolerance marked', async () => {
    const log = (startMs: number) => replay({ log: 'ublox-zed-f9p-nmea', rate: 1, count: 6, startMs, gstScale: 1 / 250, spreadScale: 0 });
    const first = log(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const reading = readingOf(first[0]!);
    const antenna = { Height: 1.8 };
    const a = await h.owner();
    const b = await h.owner();
    const rover = await h.device(a);
    const base = await h.device(a, 'base', 'Base');
    const projectId = (await a.agent.post('/api/projects').send({ Name: 'Kerb line stake', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201)).body._id as string;
    const bare = (await a.agent.post('/api/projects').send({ Name: 'No grid', BaseStation: base.id, ClientDevices: [rover.id] }).expect(201)).body._id as string;
    const zone = Math.floor((reading.Longitude + 180) / 6) + 1;
    const epsg = (reading.Latitude < 0 ? 32700 : 32600) + zone;
    await a.agent.put(`/api/projects/crs/${projectId}`).send({ crsCode: epsg }).expect(200);
    const settings = (await a.agent.get(`/api/projects/${projectId}/measurement-settings`).expect(200)).body.settings;
    await a.agent.put(`/api/projects/${projectId}/measurement-settings`).send({ ...settings, Stake: { ...settings.Stake, Method: 'rapid' } }).expect(200);
    const c = ((await a.agent.post(`/api/projects/${projectId}/record-preview`).send({ Reading: reading, Antenna: antenna }).expect(200)).body as RecordPreviewReply).coordinate!;
    const typed = async (name: string, de: number, dn: number, dz: number) =>
      (await a.agent.post(`/api/projects/${projectId}/design/points`).send({ name, easting: c.easting + de, northing: c.northing + dn, elevation: c.height! + dz }).expect(201)).body.point as { id: string };
    // D1 10 mm east, 5 mm south of the pole tip, 20 mm below it; D2 100 mm west (out of 20 mm); D3 never staked
    const d1 = await typed('D1', 0.01, -0.005, -0.02);
    const d2 = await typed('D2', -0.1, 0, 0.01);
    await typed('D3', 6, 4, 0);

    const stake = async (pointId: string, epochs: { text: string }[]) => {
      const started = await a.agent.post(`/api/projects/${projectId}/stake/occupations`).send({ DeviceId: rover.id, PointId: pointId, Antenna: antenna, ClientId: randomUUID() }).expect(201);
      const done = await occupy(h.mqttUrl, a.agent, rover, started.body.occupation._id, epochs);
      expect(done.Status, done.Reason ?? '').toBe('done');
    };
    await stake(d1.id, first);
    await stake(d2.id, log(Math.floor(Date.now() / 1000) * 1000 - 30_000));

    const records = (await a.agent.get(`/api/projects/${projectId}/stake/records`).expect(200)).body.records as StakeRecordView[];
    expect(records.map((r) => [r.PointName, r.within?.both])).toEqual([
      ['ST-D1', true],
      ['ST-D2', false],
    ]);
    // staked - design: the offsets the design was typed at, to the preview's millimetre rounding
    const [r1, r2] = records as [StakeRecordView, StakeRecordView];
    for (const [r, de, dn, dz] of [[r1, -0.01, 0.005, 0.02], [r2, 0.1, 0, -0.01]] as const) {
      expect(Math.abs(r.dE! - de)).toBeLessThan(0.0011);
      expect(Math.abs(r.dN! - dn)).toBeLessThan(0.0011);
      expect(Math.abs(r.dH! - dz)).toBeLessThan(0.0011);
    }

    const res = await pdfOf(a.agent, `/api/projects/${projectId}/stake/report.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=stake-report-epsg${epsg}.pdf`);
    const pdf = await readPdf(res.body as Buffer);
    expect(pdf.sizes).toEqual(['595.28 x 841.89', '841.89 x 595.28']);
    const text = pdf.text;
    expect(text).toContain('Kerb line stake');
    expect(text).toContain(`EPSG:${epsg} WGS 84 / UTM zone ${zone}`);
    expect(text).toMatch(/As-staked points\s+2/);
    expect(text).toMatch(/In tolerance\s+1/);
    expect(text).toMatch(/Out of tolerance\s+1/);
    expect(text).toContain('0.02 m horizontal, 0.03 m vertical');
    expect(text).toMatch(/Scale 1:[\d,]+ on A4/);
    expect(text).toContain('design point (3)');
    expect(text).toContain('staked, in tolerance (1)');
    expect(text).toContain('staked, out of tolerance (1)');
    for (const n of [1, 2]) expect(text).toContain(`Kerb line stake — stake report — page ${n}`);

    // each row: the record's figures as stored, to the millimetre, and the mark
    const lines = text.split('\n');
    for (const [r, mark] of [[r1, 'in'], [r2, 'OUT H']] as const) {
      const row = lines.find((l) => l.includes(` ${r.PointName} `));
      expect(row, r.PointName).toBeDefined();
      const want = [
        r.Design.name, r.Design.northing.toFixed(3), r.Design.easting.toFixed(3), r.Design.elevation!.toFixed(3),
        r.Staked!.northing.toFixed(3), r.Staked!.easting.toFixed(3), r.Staked!.elevation!.toFixed(3),
        r.dN!.toFixed(3), r.dE!.toFixed(3), r.dH!.toFixed(3), r.cutFill!, r.distance!.toFixed(3),
      ];
      const cells = row!.trim().split(/\s+/);
      for (const w of want) expect(cells, `${r.PointName}: ${w} in ${row}`).toContain(w);
      expect(row).toContain(` ${mark} `);
    }
    expect(lines.find((l) => l.includes(' ST-D1 '))).not.toContain('OUT');

    // another account's project is missing; a project without a projected CRS is a 409
    expect((await b.agent.get(`/api/projects/${projectId}/stake/report.pdf`)).body).toEqual({ success: false, message: 'Project not found' });
    const noGrid = await a.agent.get(`/api/projects/${bare}/stake/report.pdf`);
    expect([noGrid.status, noGrid.body.success]).toEqual([409, false]);
  }, 300_000);
});
