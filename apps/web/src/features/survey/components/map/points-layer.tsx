import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';

export interface MapPoint {
  _id: string;
  Name: string;
  Latitude: number;
  Longitude: number;
}

const STYLE: L.CircleMarkerOptions = { radius: 5, color: '#ffffff', weight: 1.5, fillColor: '#2563eb', fillOpacity: 1 };

/**
 * The recorded points, drawn on one canvas (not one DOM element each) so thousands stay smooth. Markers are kept by
 * id: a refresh adds and removes only what changed. One tooltip serves the group, filled from the marker under the pointer.
 */
export function PointsLayer({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const group = useRef<L.FeatureGroup | null>(null);
  const renderer = useRef<L.Canvas | null>(null);
  const markers = useRef(new Map<string, L.CircleMarker>());

  useEffect(() => {
    renderer.current = L.canvas({ padding: 0.5, tolerance: 4 });
    // one tooltip for the whole group (content from the hovered marker) instead of one bound to each of thousands
    group.current = L.featureGroup()
      .bindTooltip((layer) => (layer as L.CircleMarker & { options: { label?: string } }).options.label ?? 'Unnamed Point', {
        direction: 'top',
        offset: [0, -4],
      })
      .addTo(map);
    const kept = markers.current;
    return () => {
      group.current?.remove();
      group.current = null;
      kept.clear();
    };
  }, [map]);

  useEffect(() => {
    const layer = group.current;
    if (!layer || !renderer.current) return;
    performance.mark('points-layer:start');
    const seen = new Set<string>();
    for (const p of points) {
      seen.add(p._id);
      const label = p.Name || 'Unnamed Point';
      const existing = markers.current.get(p._id);
      if (existing) {
        existing.setLatLng([p.Latitude, p.Longitude]);
        (existing.options as { label?: string }).label = label;
        continue;
      }
      const marker = L.circleMarker([p.Latitude, p.Longitude], { ...STYLE, renderer: renderer.current, label } as L.CircleMarkerOptions);
      markers.current.set(p._id, marker);
      layer.addLayer(marker);
    }
    for (const [id, marker] of markers.current) {
      if (!seen.has(id)) {
        layer.removeLayer(marker);
        markers.current.delete(id);
      }
    }
    // read by the end-to-end load check (the figure goes to the benchmark results, never asserted)
    performance.measure(`points-layer:${points.length}`, 'points-layer:start');
  }, [points]);

  return null;
}
