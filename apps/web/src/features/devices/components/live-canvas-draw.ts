import { distanceMetres, toCanvas, type Bounds, type LatLon } from '../../../lib/format';
import { formatLength, type DistanceUnit } from '../../../lib/distance';

export interface CanvasRover {
  name: string;
  position: LatLon;
}

export interface CanvasScene {
  bounds: Bounds;
  base: LatLon | null;
  rovers: CanvasRover[];
  /** The user's distance unit for the labels on the lines. */
  unit: DistanceUnit;
  /** Drawn for the dark theme: a light canvas would glare in a dark page. */
  dark?: boolean;
}

const LIGHT = { paper: '#f8fafc', grid: '#e2e8f0', line: '#93c5fd', pill: 'rgba(255,255,255,0.92)', distance: '#1e3a8a', base: '#334155', rover: '#1d4ed8' };
const DARK = { paper: '#0b1222', grid: '#1e293b', line: '#2563eb', pill: 'rgba(15,23,42,0.92)', distance: '#bfdbfe', base: '#cbd5e1', rover: '#93c5fd' };
type Palette = typeof LIGHT;

/** Cells per side: 4 x 4 = 16 cells. */
export const GRID_CELLS = 4;

/** Draws the scene on a square canvas of `size` CSS pixels: grid, base with rings, rovers, lines with distances. */
export function drawScene(ctx: CanvasRenderingContext2D, scene: CanvasScene, size: number): void {
  const colours = scene.dark ? DARK : LIGHT;
  ctx.clearRect(0, 0, size, size);
  ctx.fillStyle = colours.paper;
  ctx.fillRect(0, 0, size, size);

  ctx.strokeStyle = colours.grid;
  ctx.lineWidth = 1;
  for (let i = 0; i <= GRID_CELLS; i++) {
    const at = Math.round((i * size) / GRID_CELLS) + 0.5;
    ctx.beginPath();
    ctx.moveTo(at, 0);
    ctx.lineTo(at, size);
    ctx.moveTo(0, at);
    ctx.lineTo(size, at);
    ctx.stroke();
  }

  const base = scene.base ? toCanvas(scene.base, scene.bounds, size) : null;
  ctx.font = '12px system-ui, sans-serif';

  for (const rover of scene.rovers) {
    const p = toCanvas(rover.position, scene.bounds, size);
    if (base && scene.base) {
      ctx.strokeStyle = colours.line;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(base.x, base.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
      ctx.setLineDash([]);
      label(ctx, formatLength(distanceMetres(scene.base, rover.position), scene.unit), (base.x + p.x) / 2, (base.y + p.y) / 2, colours.distance, colours);
    }
  }

  if (base) {
    for (const [r, alpha] of [[22, 0.18], [14, 0.32]] as const) {
      ctx.strokeStyle = `rgba(100,116,139,${alpha * 2})`;
      ctx.beginPath();
      ctx.arc(base.x, base.y, r, 0, Math.PI * 2);
      ctx.stroke();
    }
    dot(ctx, base.x, base.y, 7, '#64748b');
    label(ctx, 'Base', base.x, base.y + 32, colours.base, colours);
  }

  for (const rover of scene.rovers) {
    const p = toCanvas(rover.position, scene.bounds, size);
    ctx.fillStyle = 'rgba(59,130,246,0.2)';
    ctx.beginPath();
    ctx.arc(p.x, p.y, 12, 0, Math.PI * 2);
    ctx.fill();
    dot(ctx, p.x, p.y, 6, '#2563eb');
    label(ctx, rover.name, p.x, p.y - 20, colours.rover, colours);
  }
}

function dot(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, colour: string) {
  ctx.fillStyle = colour;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.lineWidth = 1;
}

/** Text on a pill of the paper's colour so it stays readable over lines and the grid; kept inside the canvas. */
function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, colour: string, colours: Palette) {
  const size = ctx.canvas.width / (window.devicePixelRatio || 1);
  const w = ctx.measureText(text).width + 10;
  const left = Math.min(Math.max(x - w / 2, 2), size - w - 2);
  const top = Math.min(Math.max(y - 9, 2), size - 20);
  ctx.fillStyle = colours.pill;
  ctx.fillRect(left, top, w, 18);
  ctx.fillStyle = colour;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + 5, top + 9);
}
