import { useEffect, useRef, useState } from 'react';
import { FeedStatusText } from '../../../components/feed-status-text';
import { Panel } from '../../../components/panel';
import { distanceMetres, formatCoordinate, paddedBounds, type LatLon } from '../../../lib/format';
import { formatLength } from '../../../lib/distance';
import { useDisplaySettings } from '../../../lib/user-settings';
import type { LiveDevice } from '../live-merge';
import { drawScene } from './live-canvas-draw';

/** The canvas size, in CSS pixels; it shrinks to fit a phone. */
export const CANVAS_SIZE = 500;

interface Props {
  rovers: LiveDevice[];
  base: LiveDevice | null;
  feedText: string;
}

/** Live positions: base and rovers on a 500 x 500 grid with distances, plus the same facts as text beside it. */
export function LiveCanvas({ rovers, base, feedText }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const placed = rovers.filter((r): r is LiveDevice & { position: LatLon } => r.position !== null);
  const basePosition = base?.position ?? null;
  // the user's unit (Settings > Distance Unit), on the canvas and beside it alike
  const display = useDisplaySettings();
  const unit = display.system.distanceUnit;
  const dark = display.map.theme === 'Dark';
  const bounds = paddedBounds([...placed.map((r) => r.position), ...(basePosition ? [basePosition] : [])]);
  const distances = rovers.map((r) => ({
    rover: r,
    text: r.position && basePosition ? formatLength(distanceMetres(basePosition, r.position), unit) : r.position ? 'No base position' : 'No position yet',
  }));

  // drawn at the size it is shown (500 px, less on a phone) so labels keep their size
  const [shown, setShown] = useState(CANVAS_SIZE);
  useEffect(() => {
    const el = canvas.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setShown(Math.min(CANVAS_SIZE, Math.round(el.clientWidth)) || CANVAS_SIZE));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext?.('2d');
    if (!el || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = shown * ratio;
    el.height = shown * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawScene(ctx, { bounds: bounds ?? { minLat: -1, maxLat: 1, minLon: -1, maxLon: 1 }, base: basePosition, rovers: placed.map((r) => ({ name: r.device.Name, position: r.position })), unit, dark }, shown);
  });

  const summary = `${placed.length} rover${placed.length === 1 ? '' : 's'} placed${basePosition ? ' around the base station' : ', base station not connected'}`;

  return (
    <Panel title="Live Positions" action={<FeedStatusText text={feedText} connected={/✅\s*$/u.test(feedText)} className="text-xs font-medium text-slate-500" />}>
      <div className="flex flex-col gap-5 lg:flex-row">
        <div className="w-full max-w-[500px] shrink-0">
          <canvas
            ref={canvas}
            role="img"
            aria-label={`Live positions canvas: ${summary}`}
            data-testid="live-canvas"
            className="aspect-square w-full rounded-lg border border-slate-200"
            style={{ maxWidth: CANVAS_SIZE }}
          />
          <p className="mt-2 font-mono text-xs break-words text-slate-500" data-testid="canvas-bounds">
            {bounds
              ? `Lat ${formatCoordinate(bounds.minLat)} to ${formatCoordinate(bounds.maxLat)} · Lon ${formatCoordinate(bounds.minLon)} to ${formatCoordinate(bounds.maxLon)}`
              : 'No positions yet'}
          </p>
        </div>
        <div className="grid flex-1 content-start gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <section aria-labelledby="rovers-heading" className="rounded-lg bg-slate-50 p-4">
            <h3 id="rovers-heading" className="font-semibold text-slate-900">
              Connected Rovers: {rovers.length}
            </h3>
            <ul className="mt-2 space-y-1.5 text-sm">
              {distances.map(({ rover, text }) => (
                <li key={rover.device._id} className="flex justify-between gap-3">
                  <span className="flex items-center gap-2 truncate">
                    <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full bg-blue-600" />
                    {rover.device.Name}
                  </span>
                  <span className="font-mono tabular-nums text-slate-700" data-testid={`distance-${rover.device.DeviceCode}`}>
                    {text}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="base-heading" className="rounded-lg bg-slate-50 p-4">
            <h3 id="base-heading" className="font-semibold text-slate-900">
              Base Station
            </h3>
            {base && basePosition ? (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">ID</dt>
                <dd className="font-mono">{base.device.DeviceCode}</dd>
                <dt className="text-slate-500">Latitude</dt>
                <dd className="font-mono tabular-nums">{formatCoordinate(basePosition.latitude)}</dd>
                <dt className="text-slate-500">Longitude</dt>
                <dd className="font-mono tabular-nums">{formatCoordinate(basePosition.longitude)}</dd>
              </dl>
            ) : (
              <p className="mt-2 text-sm text-slate-500">Not connected</p>
            )}
          </section>
        </div>
      </div>
    </Panel>
  );
}
