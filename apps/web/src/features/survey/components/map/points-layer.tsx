import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { pointsPath, type MapPoint, type PointsPath } from './points-path';

export type { MapPoint } from './points-path';

const STYLE: L.CircleMarkerOptions = { radius: 5, color: '#ffffff', weight: 1.5, fillColor: '#2563eb', fillOpacity: 1 };

/**
 * The recorded points, drawn on one canvas by one layer (not one DOM element, nor one Leaflet layer, each) so
 * thousands open and stay smooth. One tooltip names the point under the pointer.
 */
export function PointsLayer({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const layer = useRef<(PointsPath & { hoveredLabel(): string }) | null>(null);

  useEffect(() => {
    const path = pointsPath({ ...STYLE, renderer: L.canvas({ padding: 0.5, tolerance: 4 }) });
    path.bindTooltip(() => path.hoveredLabel(), { direction: 'top', offset: [0, -4] }).addTo(map);
    layer.current = path;
    return () => {
      path.remove();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!layer.current) return;
    performance.mark('points-layer:start');
    layer.current.setPoints(points);
    // read by the end-to-end load check and the web benchmark (figures only, never asserted)
    performance.measure(`points-layer:${points.length}`, 'points-layer:start');
  }, [points]);

  return null;
}
