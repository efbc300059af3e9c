import L from 'leaflet';
import { placeLabels } from './label-placement';
import type { MapPoint } from './point-card';

export type { MapPoint } from './point-card';

/** Point names are drawn beside the points from this zoom on (about 1:2000 and closer), for touch screens too. */
export const LABEL_MIN_ZOOM = 18;
/** More names than this in view would be an unreadable heap (and a slow frame): then only hovering names a point. */
export const LABEL_MAX_IN_VIEW = 150;

/** The room a drawn name takes beside its point (24 characters of 11 px text at most), and its height. */
const LABEL_WIDTH = 180;
const LABEL_HEIGHT = 14;

/** Whether the names are drawn for this zoom and this many points in view. */
export const showsLabels = (zoom: number, inView: number) => zoom >= LABEL_MIN_ZOOM && inView > 0 && inView <= LABEL_MAX_IN_VIEW;

/** The layer that draws every recorded point: `setPoints` replaces them; the tooltip names the one under the pointer. */
export interface PointsPath extends L.Path {
  setPoints(points: readonly MapPoint[]): this;
}

interface Dot {
  point: MapPoint;
  latlng: L.LatLng;
  label: string;
  at?: L.Point;
}

/** Leaflet's internals this layer plugs into (the same ones L.CircleMarker uses on a canvas renderer). */
interface CanvasInternals {
  _ctx: CanvasRenderingContext2D;
  _drawing: boolean;
  _bounds: L.Bounds;
  /** the box this repaint covers (null: the whole canvas) */
  _redrawBounds: L.Bounds | null;
  options: L.RendererOptions;
}

interface Self {
  options: L.CircleMarkerOptions & { radius: number; weight: number };
  _map?: L.Map;
  _renderer: CanvasInternals;
  _dots: Dot[];
  _hit: number;
  _shown: number;
  _pxBounds?: L.Bounds;
  _clickTolerance(): number;
  _updatePath(): void;
  redraw(): void;
  on(type: string, fn: (this: Self) => void): void;
  isTooltipOpen(): boolean;
  openTooltip(): void;
}

/**
 * All recorded points as ONE path on a canvas renderer, drawn as one small square each (same rounding, same fill then
 * stroke per point, in list order, as L.CircleMarker does), hit-tested as L.CircleMarker is (radius + half the stroke +
 * the renderer's tolerance, the topmost point wins). Thousands of CircleMarkers cost ~50 ms to add on a cold page
 * (a layer, two map listeners and events each); this costs a projection per point.
 */
const PointsPathClass = L.Path.extend({
  options: { fill: true, radius: 5 },

  initialize(this: Self, options: L.CircleMarkerOptions) {
    L.Util.setOptions(this, options);
    this._dots = [];
    this._hit = -1;
    this._shown = -1;
    // the tooltip opens on mouseover (and on click, for touch) at the point under the pointer; moving on to the next
    // point inside this one layer is no new mouseover, so it is followed here
    this.on('mouseover click', function (this: Self) {
      this._shown = this._hit;
    });
    this.on('mousemove', function (this: Self) {
      if (this._hit === this._shown) return;
      this._shown = this._hit;
      if (this.isTooltipOpen()) this.openTooltip();
    });
  },

  setPoints(this: Self, points: readonly MapPoint[]) {
    this._dots = points.map((p) => ({ point: p, latlng: L.latLng(p.Latitude, p.Longitude), label: p.Name || 'Unnamed Point' }));
    this._hit = -1;
    this.redraw();
    return this;
  },

  /** The point under the pointer: the tooltip's anchor (a getLatLng would make the map take this layer for a marker). */
  getCenter(this: Self) {
    return this._dots[this._hit]?.latlng ?? this._dots[0]?.latlng ?? L.latLng(0, 0);
  },

  hoveredLabel(this: Self) {
    return this._dots[this._hit]?.label ?? '';
  },

  /** The point under the pointer (or the finger) at the last hit test: the one a click opens the card of. */
  hitPoint(this: Self): MapPoint | null {
    return this._dots[this._hit]?.point ?? null;
  },

  _project(this: Self) {
    const map = this._map!;
    const pad = this.options.radius + this._clickTolerance();
    let bounds: L.Bounds | undefined;
    for (const dot of this._dots) {
      dot.at = map.latLngToLayerPoint(dot.latlng);
      if (bounds) bounds.extend(dot.at);
      else bounds = L.bounds(dot.at, dot.at);
    }
    // the canvas only repaints (and clips to) this box: it reaches far enough for the names drawn on any side of a point
    this._pxBounds = bounds && L.bounds(bounds.min!.subtract([pad + LABEL_WIDTH, pad + LABEL_HEIGHT]), bounds.max!.add([pad + LABEL_WIDTH, pad + LABEL_HEIGHT]));
  },

  _update(this: Self) {
    if (this._map) this._updatePath();
  },

  // called by the renderer while it draws (and a no-op otherwise, as for L.CircleMarker)
  _updatePath(this: Self) {
    const renderer = this._renderer;
    if (!renderer._drawing || !this._dots.length) return;
    const ctx = renderer._ctx;
    const o = this.options;
    const r = Math.max(Math.round(o.radius), 1);
    const extent = r + this._clickTolerance();
    const visible = renderer._bounds;
    // the canvas is shared with the rovers' accuracy circles (surveyRenderer): a circle that moves repaints only its
    // own box, so only the points (and names) that reach into that box are drawn again, not every point in view
    const box = renderer._redrawBounds ?? visible;
    // the same canvas state L.Renderer's _fillStroke sets for each path
    ctx.setLineDash([]);
    ctx.lineWidth = o.weight;
    ctx.strokeStyle = o.color ?? '#3388ff';
    ctx.fillStyle = o.fillColor ?? o.color ?? '#3388ff';
    ctx.lineCap = (o.lineCap ?? 'round') as CanvasLineCap;
    ctx.lineJoin = (o.lineJoin ?? 'round') as CanvasLineJoin;
    const stroke = o.stroke !== false && o.weight !== 0;
    const shown = new Set<Dot>();
    const inView: Dot[] = [];
    // how far a name can reach from its point, when names are drawn at this zoom at all
    const named = !!this._map && this._map.getZoom() >= LABEL_MIN_ZOOM;
    const [w, h] = named ? [LABEL_WIDTH, LABEL_HEIGHT] : [0, 0];
    for (const dot of this._dots) {
      const at = dot.at;
      if (!at || at.x + extent < visible.min!.x || at.x - extent > visible.max!.x || at.y + extent < visible.min!.y || at.y - extent > visible.max!.y) continue;
      inView.push(dot);
      // a name may stand right, left, above or below its point: every point whose name can reach the box is redrawn
      if (at.x + extent + w < box.min!.x || at.x - extent - w > box.max!.x || at.y + extent + h < box.min!.y || at.y - extent - h > box.max!.y) continue;
      shown.add(dot);
      // a square, so a recorded point never looks like a (round) rover
      ctx.beginPath();
      ctx.rect(at.x - r, at.y - r, 2 * r, 2 * r);
      if (o.fill) {
        ctx.globalAlpha = o.fillOpacity ?? 1;
        ctx.fill((o.fillRule ?? 'evenodd') as CanvasFillRule);
      }
      if (stroke) {
        ctx.globalAlpha = o.opacity ?? 1;
        ctx.stroke();
      }
    }
    // whether names are drawn depends on how many points are in view, whatever part of it is repainted
    if (this._map && showsLabels(this._map.getZoom(), inView.length)) drawLabels(ctx, inView, shown, r);
  },

  // hit test for the renderer's pointer events: remembers the topmost point under `p`
  _containsPoint(this: Self, p: L.Point) {
    const reach = this.options.radius + this._clickTolerance();
    for (let i = this._dots.length - 1; i >= 0; i--) {
      const at = this._dots[i]!.at;
      if (at && (at.x - p.x) ** 2 + (at.y - p.y) ** 2 <= reach * reach) {
        this._hit = i;
        return true;
      }
    }
    return false;
  },
});

/**
 * The names beside the points, as canvas text (never markup: a name is drawn as the characters it has). Placed over
 * every point in view, newest first, so a partial repaint puts each name where the full one did; drawn for the
 * points of this repaint.
 */
function drawLabels(ctx: CanvasRenderingContext2D, inView: Dot[], shown: Set<Dot>, r: number) {
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.font = '600 11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255,255,255,0.95)';
  ctx.fillStyle = '#7c2d12';
  const newestFirst = [...inView].reverse();
  const texts = newestFirst.map(({ label }) => (label.length > 24 ? `${label.slice(0, 23)}…` : label));
  const boxes = placeLabels(
    newestFirst.map((d, i) => ({ x: d.at!.x, y: d.at!.y, width: Math.ceil(ctx.measureText(texts[i]!).width) + 2 })),
    r,
    LABEL_HEIGHT,
  );
  boxes.forEach((b, i) => {
    if (!b || !shown.has(newestFirst[i]!)) return;
    ctx.strokeText(texts[i]!, b.x + 1, b.y + b.h / 2);
    ctx.fillText(texts[i]!, b.x + 1, b.y + b.h / 2);
  });
  ctx.restore();
}

type PointsPathWithLabel = PointsPath & { hoveredLabel(): string; hitPoint(): MapPoint | null };

export function pointsPath(options: L.CircleMarkerOptions): PointsPathWithLabel {
  return new (PointsPathClass as unknown as new (o: L.CircleMarkerOptions) => PointsPathWithLabel)(options);
}
