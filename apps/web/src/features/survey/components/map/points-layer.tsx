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
 * id: a refresh adds and removes only what changed. Tooltips are bound lazily by Leaflet (built on first hover).
 */
export function PointsLayer({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const group = useRef<L.LayerGroup | null>(null);
  const renderer = useRef<L.Canvas | null>(null);
  const markers = useRef(new Map<string, L.CircleMarker>());

  useEffect(() => {
    renderer.current = L.canvas({ padding: 0.5, tolerance: 4 });
    group.current = L.layerGroup().addTo(map);
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
    const seen = new Set<string>();
    for (const p of points) {
      seen.add(p._id);
      const label = p.Name || 'Unnamed Point';
      const existing = markers.current.get(p._id);
      if (existing) {
        existing.setLatLng([p.Latitude, p.Longitude]);
        if (existing.getTooltip()?.getContent() !== label) existing.setTooltipContent(label);
        continue;
      }
      const marker = L.circleMarker([p.Latitude, p.Longitude], { ...STYLE, renderer: renderer.current }).bindTooltip(label, { direction: 'top', offset: [0, -4] });
      markers.current.set(p._id, marker);
      layer.addLayer(marker);
    }
    for (const [id, marker] of markers.current) {
      if (!seen.has(id)) {
        layer.removeLayer(marker);
        markers.current.delete(id);
      }
    }
    performance.mark(`points-layer:${points.length}`);
  }, [points]);

  return null;
}
