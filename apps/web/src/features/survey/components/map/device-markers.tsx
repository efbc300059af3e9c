import { useMemo } from 'react';
import L from 'leaflet';
import { Marker, Popup, Tooltip } from 'react-leaflet';
import { Badge } from '../../../../components/badge';
import { formatLength, type DistanceUnit } from '../../../../lib/distance';
import { distanceMetres, percent, statusTone } from '../../../../lib/format';
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

/** One rover: pulsing while live, its name always shown, a device card on click. */
export function RoverMarker({ rover, size, base, unit }: { rover: RoverView; size: number; base: Position; unit: DistanceUnit }) {
  const icon = useMemo(() => roverIcon(size, rover.live), [size, rover.live]);
  if (!rover.position) return null;
  return (
    <Marker position={[rover.position.latitude, rover.position.longitude]} icon={icon} title={rover.name} alt={`Rover ${rover.name}`} keyboard>
      <Tooltip permanent direction="top" className="smi-label">
        {rover.name}
      </Tooltip>
      {/* kept clear of the status box in the top-right corner when the map pans to show it */}
      <Popup autoPanPaddingTopLeft={[16, 140]}>
        <div className="min-w-44 text-slate-800">
          <p className="text-sm font-semibold">{rover.name}</p>
          <p className="mb-2 font-mono text-xs text-slate-500">{rover.code}</p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-500">Status</dt>
            <dd>
              <Badge tone={statusTone(rover.status)}>{rover.status}</Badge>
            </dd>
            <dt className="text-slate-500">Battery</dt>
            <dd className="font-semibold">{percent(rover.battery)}</dd>
            <dt className="text-slate-500">Signal</dt>
            <dd className="font-semibold">{percent(rover.signal)}</dd>
            <dt className="text-slate-500">To base</dt>
            <dd className="font-semibold" data-testid={`to-base-${rover.code}`}>
              {formatLength(distanceMetres(rover.position, base), unit)}
            </dd>
            {rover.accuracyMetres !== null && (
              <>
                <dt className="text-slate-500">Accuracy</dt>
                <dd className="font-semibold">± {formatLength(rover.accuracyMetres, unit)}</dd>
              </>
            )}
          </dl>
          {!rover.live && <p className="mt-2 text-xs text-amber-700">Last stored position: no live fix yet</p>}
        </div>
      </Popup>
    </Marker>
  );
}

export function BaseMarker({ base, size }: { base: BaseView; size: number }) {
  const icon = useMemo(() => baseIcon(size), [size]);
  return (
    <Marker position={[base.position.latitude, base.position.longitude]} icon={icon} title={base.name} alt={`Base station ${base.name}`}>
      <Tooltip permanent direction="bottom" className="smi-label">
        {base.name || 'Base'}
      </Tooltip>
    </Marker>
  );
}
