import { DetailList } from '../../../components/detail-list';
import { Panel } from '../../../components/panel';
import { useBaseRtcm, type BaseRtcm } from '../../../lib/base-rtcm';

const seconds = (s: number | null) => (s === null ? 'N/A' : s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s)} s`);

/** The base's RTCM: broadcast position, antenna and receiver, message types and rates, age of corrections. */
export function BaseRtcmDetails({ rtcm }: { rtcm: BaseRtcm | null }) {
  if (!rtcm) return <p className="text-sm text-slate-500">No RTCM corrections received from this base yet.</p>;
  const p = rtcm.Position;
  const rows: [string, string][] = [
    ['Age of corrections', seconds(rtcm.CorrectionAgeS)],
    ['Latency', seconds(rtcm.LatencyS)],
    ['Station ID', rtcm.StationId === null ? 'N/A' : String(rtcm.StationId)],
    [
      'Broadcast position',
      p ? `${p.Latitude.toFixed(8)}, ${p.Longitude.toFixed(8)}, h ${p.EllipsoidalHeight.toFixed(3)} m (RTCM ${p.MessageType})` : 'No 1005/1006 received',
    ],
    ['Antenna', [rtcm.Antenna, p?.AntennaHeight != null ? `height ${p.AntennaHeight.toFixed(4)} m` : null].filter(Boolean).join(', ') || 'N/A'],
    ['Receiver', [rtcm.Receiver, rtcm.Firmware].filter(Boolean).join(' ') || 'N/A'],
    ['Frames / CRC failures', `${rtcm.Frames} / ${rtcm.CrcFailures}`],
  ];
  return (
    <div className="space-y-3">
      <DetailList rows={rows} className="gap-y-3" />
      <div>
        <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Message types</h3>
        <ul className="mt-1 flex flex-wrap gap-2 text-sm" aria-label="RTCM message types">
          {rtcm.MessageTypes.map((m) => (
            <li key={m.Type} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs">
              {m.Type} x{m.Count}
              {m.IntervalS !== null ? ` every ${m.IntervalS} s` : ''}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function BaseRtcmPanel({ deviceId }: { deviceId: string }) {
  const query = useBaseRtcm(deviceId);
  return (
    <Panel title="RTCM corrections">
      {query.isPending ? <p className="text-sm text-slate-500">Loading...</p> : <BaseRtcmDetails rtcm={query.data ?? null} />}
    </Panel>
  );
}
