import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { LIMITS } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { centreOf, type LatLon } from '../../../lib/format';
import { useTileSource } from '../../../lib/tiles';
import type { LiveDevice } from '../live-merge';

/**
 * SPEC: the centre is the average of live rover positions; if none, the average of stored positions;
 * then the base station; else the default base position.
 */
export function mapCentre(rovers: LiveDevice[], base: LiveDevice | null): LatLon {
  const live = rovers.filter((r) => r.live && r.position).map((r) => r.position as LatLon);
  const stored = rovers.filter((r) => r.position).map((r) => r.position as LatLon);
  return centreOf(live) ?? centreOf(stored) ?? base?.position ?? { ...LIMITS.defaultBase };
}

function FollowCentre({ centre }: { centre: LatLon }) {
  const map = useMap();
  useEffect(() => {
    map.panTo([centre.latitude, centre.longitude], { animate: true });
  }, [map, centre.latitude, centre.longitude]);
  return null;
}

export function DeviceMap({ rovers, base }: { rovers: LiveDevice[]; base: LiveDevice | null }) {
  const centre = mapCentre(rovers, base);
  const placed = rovers.filter((r) => r.position);
  // the server's TILE_URL; tiles are decoration, the markers carry the facts
  const tiles = useTileSource();
  return (
    <Panel title="Device Map" bodyClassName="p-0">
      <div className="relative isolate h-72 overflow-hidden rounded-b-xl sm:h-80" role="region" aria-label={`Map of ${placed.length} rovers${base?.position ? ' and the base station' : ''}`}>
        <MapContainer center={[centre.latitude, centre.longitude]} zoom={18} className="h-full w-full" scrollWheelZoom={false}>
          {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={22} maxNativeZoom={19} />}
          <FollowCentre centre={centre} />
          {base?.position && (
            <CircleMarker center={[base.position.latitude, base.position.longitude]} radius={9} pathOptions={{ color: '#475569', fillColor: '#94a3b8', fillOpacity: 0.9, weight: 3 }}>
              <Tooltip permanent direction="bottom" offset={[0, 8]}>
                {base.device.Name || 'Base'}
              </Tooltip>
            </CircleMarker>
          )}
          {placed.map((r) => (
            <CircleMarker key={r.device._id} center={[r.position!.latitude, r.position!.longitude]} radius={8} pathOptions={{ color: '#1d4ed8', fillColor: '#3b82f6', fillOpacity: 0.9, weight: 3 }}>
              <Tooltip permanent direction="top" offset={[0, -8]}>
                {r.device.Name}
              </Tooltip>
            </CircleMarker>
          ))}
        </MapContainer>
        {placed.length === 0 && !base?.position && (
          <p className="pointer-events-none absolute inset-x-0 top-1/2 z-[500] mx-auto w-fit -translate-y-1/2 rounded-lg bg-white/95 px-4 py-2 text-sm text-slate-600 shadow">
            No device positions yet
          </p>
        )}
      </div>
    </Panel>
  );
}
