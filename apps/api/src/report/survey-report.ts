import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import { registerFonts } from '../exports/pdf-fonts.js';
import { MARGIN, say, utcTime } from '../exports/pdf-summary.js';
import type { ResponseSink } from '../exports/sink.js';
import type { ReportData, ReportHistory, ReportPoint, ReportSetup } from './report-data.js';

const dash = '-';
const num = (v: number | null | undefined, digits: number, unit = '') => (v === null || v === undefined ? dash : `${v.toFixed(digits)}${unit}`);
const deg = (v: number) => v.toFixed(8);

/**
 * The survey report (decision 023): the evidence behind every point. Project and dates; base setups (source,
 * coordinates, antenna, receiver, message types, corrections age); per point its method, time, epochs used and
 * rejected, % fixed, sigma H / V, PDOP, antenna height, base setup, warnings and re-computation history; a summary
 * by fix type and precision. Plain text lines, one point a block, written page by page as the points are read.
 */
export async function writeSurveyReport(o: { sink: ResponseSink; data: ReportData; projectId: string; ownerId: string; now: Date }) {
  const { data, sink } = o;
  const project = (await data.project(o.ownerId, o.projectId))!;
  const [dates, setups, ages, history, summary] = await Promise.all([
    data.dates(project.id),
    data.setups(project.id),
    data.correctionAges(project.id),
    data.history(project.id),
    data.summary(project.id),
  ]);
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    fontLayoutCache: false,
    info: { Title: `${project.name} — survey report`, Subject: 'Survey report', Creator: 'Site Measurement IoT' },
  });
  const fonts = registerFonts(doc);
  doc.on('data', (chunk: Buffer) => sink.push(chunk));
  doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
  const width = doc.page.width - 2 * MARGIN;
  const line = (text: string, size = 8.5, bold = false) => say(doc, fonts, text, size, { width, bold });
  // the point lines are laid out to fit the width: written without pdfkit's line wrapper (the bulk of the time for
  // 10,000 points), with the page break made here
  const bottom = doc.page.height - MARGIN;
  const pointLine: Line = (text, size = 7.5) => {
    if (doc.y + size * 1.25 > bottom) doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
    say(doc, fonts, text, size, { x: MARGIN, y: doc.y, lineBreak: false });
    doc.y += size * 1.25;
  };
  const heading = (text: string) => {
    doc.moveDown(0.6);
    line(text, 12, true);
    doc.moveDown(0.2);
  };

  line(project.name, 18, true);
  line('Survey report', 11);
  doc.moveDown(0.5);
  line(`Description: ${project.description || dash}`);
  line(`Base station: ${project.base_name ? `${project.base_name} (${project.base_code})` : 'None'}`);
  line(`Created: ${utcTime(project.created_at)}   Last modified: ${utcTime(project.last_modified)}   Report made: ${utcTime(o.now)}`);
  line(`Points: ${dates.count}   First: ${utcTime(dates.first)}   Last: ${utcTime(dates.last)}`);

  heading('Summary');
  const total = summary.reduce((s, r) => s + Number(r.n), 0);
  line(`Points by fix type: ${summary.map((r) => `${r.fix_type ?? 'unknown'} ${r.n}`).join(', ') || 'none'} (total ${total})`);
  const sumOf = (k: 'h1' | 'h2' | 'h5' | 'h10' | 'hmore' | 'hnone') => summary.reduce((s, r) => s + Number(r[k]), 0);
  line(
    `Precision (sigma H): <= 0.01 m ${sumOf('h1')}, 0.01-0.02 m ${sumOf('h2')}, 0.02-0.05 m ${sumOf('h5')}, 0.05-0.10 m ${sumOf('h10')}, > 0.10 m ${sumOf('hmore')}, not measured ${sumOf('hnone')}`,
  );

  heading('Base setups');
  if (!setups.length) line('No base setup: no base position was broadcast or entered.');
  const versionOf = new Map(setups.map((s) => [s.id, s]));
  for (const s of setups) writeSetup(s, ages.find((a) => a.base_setup_id === s.id), line);

  heading('Points');
  line('Name | method | time | latitude, longitude, h (m) | fix type', 7.5, true);
  line('    epochs used/rejected | % fixed | sigma H/V | PDOP | antenna height | base setup | warnings', 7.5, true);
  const historyOf = new Map<string, ReportHistory[]>();
  for (const h of history) historyOf.set(h.point_id, [...(historyOf.get(h.point_id) ?? []), h]);
  for await (const batch of data.points(project.id)) {
    for (const p of batch) writePoint(p, versionOf, historyOf.get(p.id) ?? [], pointLine);
    await sink.settle(doc);
    if (!sink.alive) break;
  }
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  await sink.drained();
}

type Line = (text: string, size?: number, bold?: boolean) => void;

function writeSetup(s: ReportSetup, age: { n: string; min: number | null; mean: number | null; max: number | null } | undefined, line: Line) {
  const state = s.current ? (s.ended_at ? 'ended' : 'in force') : 'superseded';
  line(`Setup v${s.version} (${state}) - source ${s.source}, datum ${s.datum}, by ${s.created_by_name ?? dash} at ${utcTime(s.created_at)}`, 8.5, true);
  line(`  Latitude ${deg(s.latitude)}, longitude ${deg(s.longitude)}, height ${s.height.toFixed(4)} m; ECEF X ${s.x.toFixed(4)} Y ${s.y.toFixed(4)} Z ${s.z.toFixed(4)}`);
  line(`  Antenna height ${num(s.antenna_height, 4, ' m')}; antenna ${s.antenna ?? dash}; receiver ${s.receiver ?? dash}; sigma H/V ${num(s.sigma_h, 3)}/${num(s.sigma_v, 3)} m`);
  line(`  From ${utcTime(s.started_at)} to ${s.ended_at ? utcTime(s.ended_at) : 'now'}`);
  const types = s.message_types ? Object.entries(s.message_types).map(([t, m]) => `${t} x${m.count}`).join(', ') : '';
  line(`  RTCM message types: ${types || dash}`);
  line(`  Corrections age (s): ${age && Number(age.n) ? `min ${num(age.min, 1)}, mean ${num(age.mean, 1)}, max ${num(age.max, 1)} over ${age.n} points` : dash}`);
}

function writePoint(p: ReportPoint, setups: Map<string, ReportSetup>, history: ReportHistory[], line: Line) {
  const setup = p.base_setup_id ? setups.get(p.base_setup_id) : undefined;
  const h = p.ellipsoidal_height ?? p.altitude;
  line(`${p.name} | ${p.method} | ${utcTime(p.recorded_at)} | ${deg(p.latitude)}, ${deg(p.longitude)}, ${num(h, 3)} | ${p.fix_type ?? dash}`, 7.5);
  line(
    `    epochs ${p.epochs ?? dash}/${p.epochs_rejected ?? dash} | fixed ${num(p.fix_percent, 0, '%')} | sigma H/V ${num(p.sigma_h, 3)}/${num(p.sigma_u, 3)} m | ` +
      `PDOP ${num(p.pdop, 1)} | antenna ${num(p.antenna_height, 3, ' m')} | setup ${setup ? `v${setup.version} ${setup.source}` : dash} | warnings ${p.warnings.length ? p.warnings.join(', ') : dash}`,
    7.5,
  );
  for (const r of history)
    line(
      `    re-computed ${utcTime(r.changed_at)} by ${r.changed_by_name ?? dash} (${r.reason}): ${deg(r.old_latitude)}, ${deg(r.old_longitude)}, ${num(r.old_height, 3)} -> ${deg(r.new_latitude)}, ${deg(r.new_longitude)}, ${num(r.new_height, 3)}`,
      7,
    );
}

