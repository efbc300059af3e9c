import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { Popup, useMap } from 'react-leaflet';
import type { DistanceUnit } from '../../../../lib/distance';
import { PointCard } from './point-card';
import { pointsPath, type MapPoint, type PointsPath } from './points-path';

export type { MapPoint } from './points-path';

// orange squares: rovers are blue circles, the base a grey diamond
export const POINT_STYLE: L.CircleMarkerOptions = { radius: 5, color: '#ffffff', weight: 1.5, fillColor: '#ea580c', fillOpacity: 1 };

/**
 * The hover tooltip's content as a text node: Leaflet puts a string content in as innerHTML, and a point's name is
 * whatever a user typed (`<img onerror=...>` as a name would run script).
 */
export function labelNode(text: string): HTMLElement {
  const el = document.createElement('span');
  el.textContent = text;
  return el;
}

/**
 * The one canvas the survey map draws its vectors on: the points and the rovers' accuracy circles. Two canvases
 * would stack, and the upper one takes every pointer event: with a canvas of its own under the circles', no point
 * could be hovered or tapped once a rover showed an accuracy circle. The tolerance widens the hit for fingers.
 */
export const surveyRenderer = () => L.canvas({ padding: 0.5, tolerance: 4 });

type Layer = PointsPath & { hoveredLabel(): string; hitPoint(): MapPoint | null };

/**
 * The recorded points, drawn on one canvas by one layer (not one DOM element, nor one Leaflet layer, each) so
 * thousands open and stay smooth. Names are drawn beside the points when zoomed in; one tooltip names the point under
 * the pointer; a click (a tap) opens the point's card: its grade, fix type and ± (decision 018).
 */
export function PointsLayer({ points, unit, renderer }: { points: MapPoint[]; unit: DistanceUnit; renderer: L.Canvas }) {
  const map = useMap();
  const layer = useRef<Layer | null>(null);
  const [picked, setPicked] = useState<MapPoint | null>(null);

  useEffect(() => {
    const path = pointsPath({ ...POINT_STYLE, renderer }) as Layer;
    path.bindTooltip(() => labelNode(path.hoveredLabel()), { direction: 'top', offset: [0, -4] }).addTo(map);
    // the points stay drawn (and hit) above any vector added after them, an accuracy circle over a point included
    const keepOnTop = (e: L.LayerEvent) => {
      if (e.layer !== path && e.layer instanceof L.Path) path.bringToFront();
    };
    map.on('layeradd', keepOnTop);
    // registered after the tooltip's own click handler (touch opens it): the card names the point, so it replaces it
    path.on('click', () => {
      const point = path.hitPoint();
      if (!point) return;
      path.closeTooltip();
      setPicked(point);
    });
    layer.current = path;
    return () => {
      map.off('layeradd', keepOnTop);
      path.remove();
      layer.current = null;
    };
  }, [map, renderer]);

  useEffect(() => {
    if (!layer.current) return;
    performance.mark('points-layer:start');
    layer.current.setPoints(points);
    // read by the end-to-end load check and the web benchmark (figures only, never asserted)
    performance.measure(`points-layer:${points.length}`, 'points-layer:start');
    // a card stays on the point as the list is read again (a rename shows), and closes when the point is gone
    setPicked((p) => (p ? (points.find((q) => q._id === p._id) ?? null) : null));
  }, [points]);

  // one array per point picked: a new one each render would reopen the popup every second (the map's clock ticks)
  const [lat, lng] = [picked?.Latitude, picked?.Longitude];
  const at = useMemo<[number, number] | null>(() => (lat !== undefined && lng !== undefined ? [lat, lng] : null), [lat, lng]);
  const onRemove = useMemo(() => ({ remove: () => setPicked(null) }), []);
  if (!picked || !at) return null;
  return (
    <Popup position={at} eventHandlers={onRemove} offset={[0, -4]} autoPanPaddingTopLeft={[16, 140]}>
      <PointCard point={picked} unit={unit} />
    </Popup>
  );
}
