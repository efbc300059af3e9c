import { useState, type ReactNode } from 'react';
import { cogoEndpoints, type CogoPointRef } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import type { Can } from '../../../lib/can';
import { unitSymbol } from '../../../lib/grid';
import { useCogo } from '../api/cogo';

type Mode = 'inverse' | 'area' | 'point';
const len = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? '–' : `${v.toFixed(3)} ${unitSymbol(unit)}`);

/** A choice in the point lists: "design:<id>" or "measured:<id>". */
const refOf = (value: string): CogoPointRef | null => {
  const [kind, id] = value.split(':');
  return (kind === 'design' || kind === 'measured') && id ? { kind, id } : null;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * COGO at 390 px (decision 077): inverse between two points, area and perimeter of a ring, a point by bearing and
 * distance (shown, or stored as a design point). The server computes every number in the project's CRS and unit.
 */
export function CogoPanel({
  projectId,
  designPoints,
  measuredPoints,
  can,
}: {
  projectId: string;
  designPoints: readonly { id: string; name: string }[];
  measuredPoints: readonly { id: string; name: string }[];
  /** The signed-in user's check: storing a computed point as a design point needs record. */
  can: Can;
}) {
  const cogo = useCogo(projectId);
  const [mode, setMode] = useState<Mode>('inverse');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [ring, setRing] = useState<string[]>([]);
  const [next, setNext] = useState('');
  const [azimuth, setAzimuth] = useState('');
  const [distance, setDistance] = useState('');
  const [kind, setKind] = useState<'grid' | 'ground'>('grid');
  const [dH, setDH] = useState('');
  const [name, setName] = useState('');
  const options = [
    ...designPoints.map((p) => ({ value: `design:${p.id}`, label: `${p.name} (design)` })),
    ...measuredPoints.map((p) => ({ value: `measured:${p.id}`, label: `${p.name} (measured)` })),
  ];
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const select = (value: string, set: (v: string) => void, label: string) => (
    <select className="input w-full" value={value} onChange={(e) => set(e.target.value)} aria-label={label}>
      <option value="">{label}…</option>
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
  const busy = cogo.inverse.isPending || cogo.area.isPending || cogo.traverse.isPending || cogo.store.isPending;
  const error = { inverse: cogo.inverse.error, area: cogo.area.error, point: cogo.store.error ?? cogo.traverse.error }[mode];
  const traverseInput = () => {
    const f = refOf(from);
    if (!f || azimuth.trim() === '' || distance.trim() === '') return null;
    return { from: f, azimuth: Number(azimuth), distance: Number(distance), distanceKind: kind, ...(dH.trim() === '' ? {} : { dH: Number(dH) }) };
  };
  const inv = cogo.inverse.data;
  const area = cogo.area.data;
  const point = cogo.store.data ?? cogo.traverse.data;

  return (
    <Panel title="COGO" bodyClassName="p-3">
      <div className="flex gap-1" role="tablist" aria-label="COGO">
        {(['inverse', 'area', 'point'] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} className={mode === m ? 'btn-primary grow' : 'btn-secondary grow'} onClick={() => setMode(m)}>
            {{ inverse: 'Inverse', area: 'Area', point: 'Bearing & distance' }[m]}
          </button>
        ))}
      </div>

      {mode === 'inverse' && (
        <form className="mt-3 flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); const [a, b] = [refOf(from), refOf(to)]; if (a && b) cogo.inverse.mutate({ from: a, to: b }); }}>
          {select(from, setFrom, 'From')}
          {select(to, setTo, 'To')}
          <button type="submit" className="btn-primary" disabled={busy || !refOf(from) || !refOf(to)}>Inverse</button>
          {inv && (
            <dl aria-label="Inverse">
              <Row label="Grid distance">{len(inv.gridDistance, inv.unit)}</Row>
              <Row label="Ground distance">{inv.groundDistance === null ? '–' : len(inv.groundDistance, inv.unit)}</Row>
              <Row label="Azimuth (grid)">{inv.azimuthDms} ({inv.azimuth.toFixed(5)}°)</Row>
              <Row label="dN / dE">{inv.dN.toFixed(3)} / {inv.dE.toFixed(3)}</Row>
              <Row label="Height difference">{len(inv.dH, inv.unit)}</Row>
              <Row label="Slope distance">{len(inv.slopeDistance, inv.unit)}</Row>
              <Row label="Slope">{inv.slopePercent === null ? '–' : `${inv.slopePercent.toFixed(2)} %`}</Row>
              {inv.factors && <Row label="Combined factor">{inv.factors.combined.toFixed(8)}</Row>}
              {inv.groundNote && <p className="mt-1 text-xs text-slate-600">{inv.groundNote}</p>}
            </dl>
          )}
        </form>
      )}

      {mode === 'area' && (
        <form className="mt-3 flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); const refs = ring.map(refOf).filter((r): r is CogoPointRef => !!r); cogo.area.mutate({ points: refs }); }}>
          <div className="flex gap-2">
            <div className="grow">{select(next, setNext, 'Add a point')}</div>
            <button type="button" className="btn-secondary" disabled={!next} onClick={() => { setRing([...ring, next]); setNext(''); }}>Add</button>
          </div>
          <ol className="list-decimal pl-6 text-sm text-slate-800" aria-label="Ring">
            {ring.map((v, i) => <li key={`${v}-${i}`}>{labelOf(v)}</li>)}
          </ol>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary grow" disabled={busy || ring.length < 3}>Area</button>
            <button type="button" className="btn-secondary" onClick={() => setRing([])}>Clear</button>
          </div>
          {area && (
            <dl aria-label="Area">
              <Row label="Area">{area.area.toFixed(3)} {unitSymbol(area.unit)}²</Row>
              <Row label="Hectares">{area.hectares.toFixed(4)} ha</Row>
              <Row label="Perimeter">{len(area.perimeter, area.unit)}</Row>
              {area.selfIntersecting && <p className="mt-1 text-xs font-semibold text-red-700">The ring's sides cross: its area means nothing.</p>}
            </dl>
          )}
        </form>
      )}

      {mode === 'point' && (
        <form className="mt-3 flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); const t = traverseInput(); cogo.store.reset(); if (t) cogo.traverse.mutate(t); }}>
          {select(from, setFrom, 'From')}
          <div className="grid grid-cols-2 gap-2">
            <input className="input" inputMode="decimal" placeholder="Azimuth (°)" aria-label="Azimuth in degrees" value={azimuth} onChange={(e) => setAzimuth(e.target.value)} />
            <input className="input" inputMode="decimal" placeholder="Distance" aria-label="Distance" value={distance} onChange={(e) => setDistance(e.target.value)} />
            <select className="input" value={kind} aria-label="Distance kind" onChange={(e) => setKind(e.target.value as 'grid' | 'ground')}>
              <option value="grid">Grid distance</option>
              <option value="ground">Ground distance</option>
            </select>
            <input className="input" inputMode="decimal" placeholder="Height difference" aria-label="Height difference" value={dH} onChange={(e) => setDH(e.target.value)} />
          </div>
          <button type="submit" className="btn-primary" disabled={busy || !traverseInput()}>Compute</button>
          {can(cogoEndpoints.cogoStorePoint) && (
            <div className="flex gap-2">
              <input className="input grow" placeholder="Design point name" aria-label="Design point name" value={name} onChange={(e) => setName(e.target.value)} />
              <button type="button" className="btn-secondary" disabled={busy || !traverseInput() || !name.trim()} onClick={() => { const t = traverseInput(); cogo.traverse.reset(); if (t) cogo.store.mutate({ ...t, name: name.trim() }); }}>Store</button>
            </div>
          )}
          {point && (
            <dl aria-label="Point">
              <Row label="Easting">{len(point.point.easting, point.unit)}</Row>
              <Row label="Northing">{len(point.point.northing, point.unit)}</Row>
              <Row label="Elevation">{len(point.point.elevation, point.unit)}</Row>
              <Row label="Grid distance">{len(point.gridDistance, point.unit)}</Row>
              {cogo.store.data && <p className="mt-1 text-sm text-emerald-700" role="status">Stored as design point {cogo.store.data.stored.name}.</p>}
            </dl>
          )}
        </form>
      )}
      {error && <p className="mt-2 text-sm text-red-700" role="alert">{error.message}</p>}
    </Panel>
  );
}
