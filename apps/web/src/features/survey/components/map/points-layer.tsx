import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { pointsPath, type MapPoint, type PointsPath } from './points-path';

export type { MapPoint } from './points-path';

// orange squares: rovers are blue circles, the base a grey diamond
export const POINT_STYLE: L.CircleMarkerOptions = { radius: 5, color: '#ffffff', weight: 1.5, fillColor: '#ea580c', fillOpacity: 1 };

/**
 * The hover tooltip's content as a text node: Leaflet puts a string content in as innerHTML, and a point's name is
 * whatever a user typed (issue 17: `<img onerror=...>` as a name ran script).
 */
export function labelNode(text: string): HTMLElement {
  const el = document.createElement('span');
  el.textContent = text;
  return el;
}

/**
 * The recorded points, drawn on one canvas by one layer (not one DOM element, nor one Leaflet layer, each) so
 * thousands open and stay smooth. Names are drawn beside the points when zoomed in; one tooltip names the point under
 * the pointer.
 */
export function PointsLayer({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const layer = useRef<(PointsPath & { hoveredLabel(): string }) | null>(null);

  useEffect(() => {
    const path = pointsPath({ ...POINT_STYLE, renderer: L.canvas({ padding: 0.5, tolerance: 4 }) });
    path.bindTooltip(() => labelNode(path.hoveredLabel()), { direction: 'top', offset: [0, -4] }).addTo(map);
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
