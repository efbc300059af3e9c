import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { stakeEndpoints, type StakeOrientation } from '@smi/contracts';
import { parseTargetRange } from '@smi/design';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { CenteredSpinner } from '../../components/spinner';
import { useProject } from '../../features/projects/api/projects';
import { usePoints } from '../../features/points/api/points';
import { fetchStakeReport, useDesign, useGuidance, useStakeRecords, useStartStake, useStations, type StakeTarget } from '../../features/stakeout/api/stake';
import { LineReadout } from '../../features/stakeout/components/line-readout';
import { FixLine, GuidanceView, type DeltaMode } from '../../features/stakeout/components/guidance-view';
import { matching, nearestNotStaked, signedDelta, stakedSummary, step, type StakedSummary } from '../../features/stakeout/components/targets';
import { DesignPlan } from '../../features/stakeout/components/design-plan';
import { paths } from '../../lib/paths';
import { saveFile } from '../../lib/save-file';
import { CogoPanel } from '../../features/cogo/components/cogo-panel';
import { useCan } from '../use-can';

type OrientationEvent = DeviceOrientationEvent & { webkitCompassHeading?: number };
type PermissionAsking = { requestPermission?: () => Promise<'granted' | 'denied'> };

/** The phone's compass heading (true north), only once turned on from a tap (iOS asks for permission then). */
function useCompass(on: boolean) {
  const [heading, setHeading] = useState<number | null>(null);
  useEffect(() => {
    if (!on) return setHeading(null);
    const read = (e: Event) => {
      const o = e as OrientationEvent;
      if (typeof o.webkitCompassHeading === 'number') setHeading(o.webkitCompassHeading);
      else if (o.absolute && o.alpha !== null) setHeading((360 - o.alpha) % 360);
    };
    window.addEventListener('deviceorientationabsolute', read);
    window.addEventListener('deviceorientation', read);
    return () => {
      window.removeEventListener('deviceorientationabsolute', read);
      window.removeEventListener('deviceorientation', read);
    };
  }, [on]);
  return heading;
}

/** The screen kept awake while a target is chosen (where the browser allows). */
function useWakeLock(on: boolean) {
  useEffect(() => {
    if (!on || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let done = false;
    // refused (low battery, a hidden tab): the screen may dim, guidance goes on
    navigator.wakeLock.request('screen').then((l) => (done ? void l.release() : (lock = l))).catch(() => undefined);
    return () => {
      done = true;
      void lock?.release();
    };
  }, [on]);
}

/** Beeps that come faster as the target nears, started from a tap (the browser's autoplay rule); a buzz where allowed. */
function useBeeps(on: boolean, distance: number | null, radius: number, reached: boolean) {
  const ctx = useRef<AudioContext | null>(null);
  useEffect(() => {
    if (!on || distance === null || distance > radius) return;
    const every = reached ? 150 : Math.max(150, Math.min(1500, (distance / radius) * 1500));
    const id = window.setInterval(() => {
      const a = ctx.current;
      if (a) {
        const o = a.createOscillator();
        o.frequency.value = reached ? 1320 : 880;
        o.connect(a.destination);
        o.start();
        o.stop(a.currentTime + 0.06);
      }
      if (reached) navigator.vibrate?.(60);
    }, every);
    return () => window.clearInterval(id);
  }, [on, distance, radius, reached]);
  return () => {
    ctx.current ??= new AudioContext();
    void ctx.current.resume();
  };
}

/** How often a design point was staked and the last stake's deltas (staked - design), red when out of tolerance. */
function StakedNote({ name, s }: { name: string; s: StakedSummary }) {
  return (
    <span className={`block text-xs ${s.last.inTolerance === false ? 'text-red-700' : 'text-emerald-700'}`} data-testid={`staked-${name}`}>
      staked {s.count}× · last dN {signedDelta(s.last.dN)} dE {signedDelta(s.last.dE)} dZ {signedDelta(s.last.dH)}
    </span>
  );
}

export function StakeoutPage() {
  const { projectId = '' } = useParams<{ projectId: string }>();
  const can = useCan();
  const project = useProject(projectId);
  const design = useDesign(projectId);
  const records = useStakeRecords(projectId);
  const start = useStartStake(projectId);
  const rovers = useMemo(() => (project.data?.ClientDevices ?? []).filter((d) => d.Type === 'rover'), [project.data]);
  const [roverId, setRoverId] = useState<string | null>(null);
  const rover = rovers.find((r) => r._id === roverId) ?? rovers[0] ?? null;
  const [targetId, setPointTarget] = useState<string | null>(null);
  // a design line, onto it (no station) or at a station and offset: chosen instead of a point
  const [lineTarget, setLineTarget] = useState<{ lineId: string; station?: number; offset?: number } | null>(null);
  const [lineId, setLineId] = useState<string | null>(null);
  const [stationInterval, setStationInterval] = useState('10');
  const [offsets, setOffsets] = useState('0');
  const setTargetId = (id: string | null) => {
    setPointTarget(id);
    setLineTarget(null);
  };
  const chooseLine = (t: { lineId: string; station?: number; offset?: number }) => {
    setPointTarget(null);
    setLineTarget(t);
  };
  const stakeTarget: StakeTarget | null = lineTarget ?? (targetId ? { pointId: targetId } : null);
  const [search, setSearch] = useState('');
  const [rangeText, setRangeText] = useState('');
  const [queue, setQueue] = useState<string[] | null>(null);
  const [rangeMessage, setRangeMessage] = useState<string | null>(null);
  const [orientation, setOrientation] = useState<StakeOrientation>('north');
  const [mode, setMode] = useState<DeltaMode>('ne');
  const [sound, setSound] = useState(false);
  const compass = useCompass(orientation === 'compass');
  const guidance = useGuidance(projectId, rover?._id ?? null, stakeTarget, orientation, compass);
  const g = guidance.data;
  const reached = !!g?.live && !!g.guidance?.within.both;
  const unlockAudio = useBeeps(sound, g?.guidance?.distance ?? null, g?.tolerance.radius ?? 3, reached);
  useWakeLock(!!stakeTarget);
  const stations = useStations(projectId, lineId, Number(stationInterval), offsets);

  const points = design.data?.points ?? [];
  const measuredPoints = usePoints(projectId);
  const measured = useMemo(() => (measuredPoints.data ?? []).map((p) => ({ id: p._id, name: p.Name })), [measuredPoints.data]);
  const summary = useMemo(() => stakedSummary(records.data?.records ?? []), [records.data]);
  const staked = useMemo(() => new Set(summary.keys()), [summary]);
  const shown = matching(points, search);
  // Next/Previous walk the range when one is set (in the order written), else the whole list
  const order = queue ? queue.map((id) => points.find((p) => p.id === id)).filter((p): p is (typeof points)[number] => !!p) : points;
  function applyRange() {
    const r = parseTargetRange(rangeText, points.map((p) => p.name));
    const ids = r.names.map((n) => points.find((p) => p.name === n)!.id);
    setRangeMessage([...r.errors, ...r.warnings].join(' ') || (ids.length ? `${ids.length} targets in order.` : null));
    setQueue(ids.length ? ids : null);
    if (ids.length) setTargetId(ids[0]!);
  }
  const target = points.find((p) => p.id === targetId) ?? null;

  async function turnCompass() {
    const asking = (window.DeviceOrientationEvent as unknown as PermissionAsking | undefined)?.requestPermission;
    if (asking && (await asking().catch(() => 'denied')) !== 'granted') return;
    setOrientation('compass');
  }
  // a line is stored at a station: staking onto it (no station) is guidance only
  const storable = !!target || (lineTarget?.station !== undefined);
  function stake() {
    if (!rover || !stakeTarget || !storable || !g?.guidance) return;
    if (!g.guidance.within.both && !window.confirm(`${g.target.name} is out of tolerance (${g.guidance.distance.toFixed(3)} away). Store it anyway?`)) return;
    start.mutate({ deviceId: rover._id, target: lineTarget ? { lineId: lineTarget.lineId, station: lineTarget.station!, offset: lineTarget.offset ?? 0 } : { pointId: target!.id } });
  }
  const lines = design.data?.lines ?? [];
  const [reportError, setReportError] = useState<string | null>(null);
  async function download(kind: 'csv' | 'pdf') {
    setReportError(null);
    try {
      saveFile(await fetchStakeReport(projectId, kind));
    } catch (err) {
      setReportError(err instanceof Error ? err.message : String(err));
    }
  }

  if (project.isPending || design.isPending) return <CenteredSpinner />;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3">
      <PageHeader
        title="Stake out"
        subtitle={project.data?.Name}
        back
        compact
        action={
          <Link to={paths.design(projectId)} className="btn-secondary">
            Design
          </Link>
        }
      />
      <Panel bodyClassName="p-3">
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm text-slate-700">
            Rover{' '}
            <select className="input" value={rover?._id ?? ''} onChange={(e) => setRoverId(e.target.value)} aria-label="Rover">
              {rovers.map((r) => <option key={r._id} value={r._id}>{r.Name}</option>)}
            </select>
          </label>
          <button type="button" className="btn-secondary" onClick={() => setTargetId(step(order, targetId, -1)?.id ?? null)}>Previous</button>
          <button type="button" className="btn-secondary" onClick={() => setTargetId(step(order, targetId, 1)?.id ?? null)}>Next</button>
          <button type="button" className="btn-secondary" onClick={() => setTargetId(nearestNotStaked(points, g?.rover ?? null, staked)?.id ?? null)}>Nearest not staked</button>
        </div>
        <div className="mt-2 flex gap-2">
          <input className="input grow" placeholder="Range, e.g. 3-10,2,15-20" value={rangeText} onChange={(e) => setRangeText(e.target.value)} aria-label="Range of targets" />
          <button type="button" className="btn-secondary" onClick={applyRange}>Use range</button>
          {queue && <button type="button" className="btn-secondary" onClick={() => { setQueue(null); setRangeMessage(null); }}>All</button>}
        </div>
        {rangeMessage && <p className="mt-1 text-sm text-slate-700" role="status">{rangeMessage}</p>}
        {points.length > 0 && <div className="mt-2"><DesignPlan points={points} staked={summary} targetId={targetId} rover={g?.rover ?? null} onPick={setTargetId} /></div>}
        <input className="input mt-2 w-full" placeholder="Search design points" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Search design points" />
        <ul className="mt-2 max-h-40 overflow-y-auto" aria-label="Design points">
          {shown.slice(0, 200).map((p) => (
            <li key={p.id}>
              <button type="button" className={`w-full rounded px-2 py-2 text-left ${p.id === targetId ? 'bg-brand-50 font-semibold' : ''}`} onClick={() => setTargetId(p.id)}>
                {p.name}{' '}
                {summary.has(p.id) && <StakedNote name={p.name} s={summary.get(p.id)!} />}
              </button>
            </li>
          ))}
          {!points.length && (
            <li className="p-2 text-sm text-slate-600">
              The project has no design points: type or import them on the{' '}
              <Link className="font-semibold underline" to={paths.design(projectId)}>
                Design
              </Link>{' '}
              screen.
            </li>
          )}
        </ul>
      </Panel>
      {lines.length > 0 && (
        <Panel title="Lines" bodyClassName="p-3">
          <select className="input w-full" value={lineId ?? ''} aria-label="Design line" onChange={(e) => setLineId(e.target.value || null)}>
            <option value="">Choose a design line…</option>
            {lines.map((l, i) => <option key={l.id} value={l.id}>{l.name || `Line ${i + 1}`}{l.layer ? ` (${l.layer})` : ''}</option>)}
          </select>
          {lineId && (
            <>
              <div className="mt-2 grid grid-cols-2 gap-2">
                <label className="text-sm text-slate-700">Interval<input className="input w-full" inputMode="decimal" value={stationInterval} onChange={(e) => setStationInterval(e.target.value)} aria-label="Station interval" /></label>
                <label className="text-sm text-slate-700">Offsets (− left)<input className="input w-full" value={offsets} onChange={(e) => setOffsets(e.target.value)} aria-label="Offsets" placeholder="-2,0,2" /></label>
              </div>
              <button type="button" className={`btn-secondary mt-2 w-full ${lineTarget && lineTarget.station === undefined ? 'ring-2 ring-sky-500' : ''}`} onClick={() => chooseLine({ lineId })}>Onto the line (station, offset, cut/fill)</button>
              {stations.error && <p className="mt-1 text-sm text-red-700" role="alert">{stations.error.message}</p>}
              <ul className="mt-2 max-h-40 overflow-y-auto" aria-label="Stations">
                {(stations.data?.stations ?? []).slice(0, 300).map((st) => (
                  <li key={st.name}>
                    <button type="button" className={`w-full rounded px-2 py-2 text-left ${lineTarget?.station === st.station && lineTarget.offset === st.offset ? 'bg-brand-50 font-semibold' : ''}`} onClick={() => chooseLine({ lineId, station: st.station, offset: st.offset })}>
                      {st.name}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Panel>
      )}
      {stakeTarget && rover && (
        <Panel title={`Target ${g?.target.name ?? target?.name ?? ''}`} bodyClassName="p-3">
          {guidance.refused ? (
            <p role="alert" className="error-box">
              {guidance.refused}
            </p>
          ) : g ? (
            <FixLine g={g} />
          ) : (
            <p className="text-sm text-slate-600">Waiting for the rover…</p>
          )}
          {g?.line && <LineReadout line={g.line} unit={g.unit} />}
          {g && <GuidanceView g={g} mode={mode} />}
          <div className="mt-3 flex flex-wrap gap-2">
            <select className="input" value={orientation} aria-label="Orientation" onChange={(e) => (e.target.value === 'compass' ? void turnCompass() : setOrientation(e.target.value as StakeOrientation))}>
              <option value="north">North up</option>
              <option value="travel">Direction of travel</option>
              <option value="compass">Compass</option>
            </select>
            {orientation === 'compass' && (
              <p className="w-full text-xs text-slate-600" data-testid="compass-note">
                The phone's compass points to magnetic north; the project's magnetic declination (measurement settings) turns it to true north, then to grid north.
              </p>
            )}
            <select className="input" value={mode} aria-label="Deltas" onChange={(e) => setMode(e.target.value as DeltaMode)}>
              <option value="ne">North/East</option>
              <option value="fr">Forward/Right</option>
            </select>
            <button type="button" className="btn-secondary" aria-pressed={sound} onClick={() => { unlockAudio(); setSound(!sound); }}>{sound ? 'Beeps on' : 'Beeps off'}</button>
            {can(stakeEndpoints.startStake) && <button type="button" className="btn-primary grow" disabled={!g?.guidance || !g.live || !storable || start.isPending} onClick={stake}>Stake</button>}
          </div>
          {start.data && <p className="mt-2 text-sm text-slate-700" role="status">Staking {start.data.occupation.Name}: {start.data.occupation.Status}</p>}
        </Panel>
      )}
      {(records.data?.records.length ?? 0) > 0 && can(stakeEndpoints.stakeReportCsv) && (
        <Panel title="Stake report" bodyClassName="p-3">
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => void download('csv')}>Cut sheet (CSV)</button>
            <button type="button" className="btn-secondary" onClick={() => void download('pdf')}>Report (PDF)</button>
          </div>
          {reportError && <p className="mt-2 text-sm text-red-700" role="alert">{reportError}</p>}
        </Panel>
      )}
      <CogoPanel projectId={projectId} designPoints={points} measuredPoints={measured} can={can} />
    </div>
  );
}
