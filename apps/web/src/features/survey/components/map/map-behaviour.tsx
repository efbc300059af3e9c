import { useEffect, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { Position } from '../../rules/known-base';

/** The map measures its box again 400 ms after mount: the page layout settles after Leaflet starts. */
export function SizeFix({ delayMs = 400 }: { delayMs?: number }) {
  const map = useMap();
  useEffect(() => {
    const t = setTimeout(() => map.invalidateSize(), delayMs);
    const onResize = () => map.invalidateSize();
    window.addEventListener('resize', onResize);
    // the map's own box changes too without a window resize (on a phone the status bar above it grows and shrinks)
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(onResize);
    observer?.observe(map.getContainer());
    return () => {
      clearTimeout(t);
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
    };
  }, [map, delayMs]);
  return null;
}

/**
 * The view follows the centre rule as positions change, until the user drags or zooms the map themselves
 * (then it stays where they put it; the recentre button brings following back).
 */
export function FollowCentre({ centre, follow, onUserMove }: { centre: Position; follow: boolean; onUserMove: () => void }) {
  const map = useMap();
  const programmatic = useRef(false);
  useMapEvents({
    dragstart: onUserMove,
    zoomstart: () => {
      if (!programmatic.current) onUserMove();
    },
  });
  useEffect(() => {
    if (!follow) return;
    programmatic.current = true;
    map.panTo([centre.latitude, centre.longitude], { animate: true });
    programmatic.current = false;
  }, [map, follow, centre.latitude, centre.longitude]);
  return null;
}
