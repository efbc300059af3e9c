import { useEffect } from 'react';
import { point } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import '../../../components/map-controls.css';
import { LIMITS } from '@smi/contracts';
import { Panel } from '../../../components/panel';
import { centreOf, type LatLon } from '../../../lib/format';
import { useTileSource } from '../../../lib/tiles';
import type { LiveDevice } from '../live-merge';

/**
 * The centre is the average of live rover positions; if none, the average of stored positions;
 * then the base station; else the default base position.
 */
export function mapCentre(rovers: LiveDevice[], base: LiveDevice | null): LatLon {
  const live = rovers.filter((r) => r.live && r.position).map((r) => r.position as LatLon);
  const stored = rovers.filter((r) => r.position).map((r) => r.position as LatLon);
  return centreOf(live) ?? centreOf(stored) ?? base?.position ?? { ...LIMITS.defaultBase };
}

/**
 * Keeps the map's centre (mapCentre) in view. When the set of devices on the map changes (first positions, a device added),
 * the zoom is also chosen so every device fits around that centre, so labels do not pile up on one spot.
 */
function FollowCentre({ centre, spots }: { centre: LatLon; spots: LatLon[] }) {
  const map = useMap();
  const fitKey = spots.length;
  useEffect(() => {
    map.panTo([centre.latitude, centre.longitude], { animate: true });
  }, [map, centre.latitude, centre.longitude]);
  useEffect(() => {
    if (fitKey === 0) return;
    // each spot and its mirror image around the centre: a box centred on the centre that holds them all
    const box = spots.flatMap((p) => [
      [p.latitude, p.longitude] as [number, number],
      [2 * centre.latitude - p.latitude, 2 * centre.longitude - p.longitude] as [number, number],
    ]);
    const zoom = Math.min(19, map.getBoundsZoom(box, false, point(48, 48)));
    map.setView([centre.latitude, centre.longitude], zoom, { animate: false });
    // only when the number of devices changes: a rover walking about must not keep changing the zoom
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey]);
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
          <FollowCentre centre={centre} spots={[...placed.map((r) => r.position!), ...(base?.position ? [base.position] : [])]} />
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
