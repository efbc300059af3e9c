import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import L from 'leaflet';
import type { AccuracyLevel } from '@smi/contracts';
import { Marker, Popup, Tooltip } from 'react-leaflet';
import { Badge } from '../../../../components/badge';
import { QualityHeadline, TimingGrade } from '../../../../components/position-quality';
import { formatLength, type DistanceUnit } from '../../../../lib/distance';
import { distanceMetres, formatAge, percent, statusTone } from '../../../../lib/format';
import { liveStateOf } from '../../rules/live-state';
import type { Position } from '../../rules/known-base';
import type { BaseView, RoverView } from '../../survey-model';
import './markers.css';

const roverIcon = (size: number, live: boolean) =>
  L.divIcon({
    className: `smi-rover${live ? '' : ' smi-rover--stale'}`,
    html: '<span class="smi-rover__pulse"></span><span class="smi-rover__dot"></span>',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
    tooltipAnchor: [0, -size / 2],
  });

const baseIcon = (size: number) =>
  L.divIcon({
    className: 'smi-base',
    html: '<span class="smi-base__wave"></span><span class="smi-base__wave"></span><span class="smi-base__wave"></span><span class="smi-base__dot"></span>',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    tooltipAnchor: [0, size / 2],
  });

/**
 * A marker's permanent name label, grey with its age when the device is stale. react-leaflet gives a tooltip its class
 * only when it is made; remaking it on every live/stale switch left a moment with an empty label (seen by screen
 * readers as a tooltip without a name), so the one label keeps living and its class is switched in place.
 */
function MarkerLabel({ stale, direction, children }: { stale: boolean; direction: 'top' | 'bottom'; children: ReactNode }) {
  const ref = useRef<L.Tooltip>(null);
  const className = `smi-label${stale ? ' smi-label--stale' : ''}`;
  useEffect(() => {
    const tooltip = ref.current;
    if (!tooltip) return;
    tooltip.options.className = className;
    tooltip.getElement()?.classList.toggle('smi-label--stale', stale);
  }, [className, stale]);
  return (
    <Tooltip ref={ref} permanent direction={direction} className={className}>
      {children}
    </Tooltip>
  );
}

/** Where the receiver itself is, when known-base mode draws the rover at its corrected position: a hollow ring. */
const rawIcon = L.divIcon({ className: 'smi-rover-raw', html: '', iconSize: [12, 12], iconAnchor: [6, 6] });

/** The age of a rover's last fix when it is not fresh, for its label and card. */
export const staleLabel = (rover: Pick<RoverView, 'live' | 'fix' | 'fixAgeMs'> & { phoneOffline?: boolean }) =>
  // this phone offline: the rover is drawn grey, but nothing says it is the rover's fault
  rover.live || rover.phoneOffline ? null : rover.fix && rover.fixAgeMs !== null ? `stale ${formatAge(rover.fixAgeMs)}` : 'no live fix';

/**
 * One rover: pulsing while its fix is fresh, grey and labelled with the fix's age when not, its name always shown, a
 * device card on click. In known-base mode it stands where a point would be recorded, and a small hollow marker
 * shows where the receiver itself says it is.
 */
export function RoverMarker({ rover, size, base, unit, grade }: { rover: RoverView; size: number; base: Position; unit: DistanceUnit; grade: AccuracyLevel | null }) {
  const icon = useMemo(() => roverIcon(size, rover.live), [size, rover.live]);
  if (!rover.position) return null;
  const stale = staleLabel(rover);
  return (
    <>
      {rover.rawPosition && (
        <Marker
          position={[rover.rawPosition.latitude, rover.rawPosition.longitude]}
          icon={rawIcon}
          title={`${rover.name}: receiver position (uncorrected)`}
          alt={`Rover ${rover.name} uncorrected`}
          keyboard={false}
        />
      )}
      <Marker position={[rover.position.latitude, rover.position.longitude]} icon={icon} title={rover.name} alt={`Rover ${rover.name}`} keyboard>
        <MarkerLabel stale={!!stale} direction="top">
          {rover.name}
          {stale && ` · ${stale}`}
        </MarkerLabel>
        {/* kept clear of the status box in the top-right corner when the map pans to show it */}
        <Popup autoPanPaddingTopLeft={[16, 140]}>
          <div className="min-w-44 text-slate-800">
            <p className="text-sm font-semibold">{rover.name}</p>
            <p className="mb-2 font-mono text-xs text-slate-500">{rover.code}</p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <dt className="text-slate-500">Status</dt>
              <dd>
                {rover.phoneOffline ? <Badge tone="grey">unknown</Badge> : <Badge tone={statusTone(rover.status)}>{rover.status}</Badge>}
              </dd>
              <dt className="text-slate-500">Battery</dt>
              <dd className="font-semibold">{percent(rover.battery)}</dd>
              <dt className="text-slate-500">Signal</dt>
              <dd className="font-semibold">{percent(rover.signal)}</dd>
              <dt className="text-slate-500">To base</dt>
              <dd className="font-semibold" data-testid={`to-base-${rover.code}`}>
                {formatLength(distanceMetres(rover.position, base), unit)}
              </dd>
            </dl>
            {/* the fix and its ± first (or that it is stale, or this phone offline); the spec's grade is only timing */}
            <div className="mt-2 border-t border-slate-100 pt-2" data-testid={`rover-quality-${rover.code}`}>
              <QualityHeadline fixType={rover.fix && rover.fix.fixType !== 'N/A' ? rover.fix.fixType : null} estimateMetres={rover.accuracyMetres} unit={unit} state={liveStateOf(rover)} />
              <TimingGrade grade={grade} state={liveStateOf(rover)} />
            </div>
            {rover.rawPosition && <p className="mt-2 text-xs text-slate-600">Drawn at the known-base corrected position; the hollow marker is the receiver's own.</p>}
            {stale && (
              <p className="mt-2 text-xs font-medium text-amber-700">
                {rover.fix ? `No fresh fix: last one ${formatAge(rover.fixAgeMs ?? 0)} ago` : 'Last stored position: no live fix yet'}
              </p>
            )}
          </div>
        </Popup>
      </Marker>
    </>
  );
}

export function BaseMarker({ base, size }: { base: BaseView; size: number }) {
  const icon = useMemo(() => baseIcon(size), [size]);
  const stale = base.code && !base.live && !base.phoneOffline ? (base.fixAgeMs !== null ? `stale ${formatAge(base.fixAgeMs)}` : 'no live fix') : null;
  return (
    <Marker position={[base.position.latitude, base.position.longitude]} icon={icon} title={base.name} alt={`Base station ${base.name}`}>
      <MarkerLabel stale={!!stale} direction="bottom">
        {base.name || 'Base'}
        {stale && ` · ${stale}`}
      </MarkerLabel>
    </Marker>
  );
}
