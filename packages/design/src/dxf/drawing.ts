import type { Collector } from '../import/collector.js';
import { Fields, readPoint, readText, type DxfPoint, type DxfPolyline, type DxfText } from './entities.js';
import { valueOf, type DxfEntity } from './groups.js';
import { readLine, readLwPolyline, readPolyline } from './polylines.js';

export interface DxfDrawing {
  points: DxfPoint[];
  texts: DxfText[];
  polylines: DxfPolyline[];
}

/**
 * Turns the entities, as the reader hands them on, into points, texts and polylines. A POLYLINE gathers the VERTEX
 * entities after it and an INSERT its ATTRIBs, up to their SEQEND.
 */
export class DrawingReader {
  readonly drawing: DxfDrawing = { points: [], texts: [], polylines: [] };
  private readonly skipped = new Map<string, number>();
  private pending: { head: Fields; child: string; children: Fields[] } | null = null;

  constructor(private readonly c: Collector) {}

  /** false once the collector is closed (the file refused): the reader stops. */
  entity(e: DxfEntity): boolean {
    if (this.pending) {
      if (e.type === this.pending.child) {
        this.pending.children.push(new Fields(e));
        return true;
      }
      this.finishPending();
      if (e.type === 'SEQEND') return this.c.open;
    }
    if (valueOf(e, 67)?.trim() === '1') this.skip(`${e.type} in paper space`);
    else if (e.type === 'POLYLINE') this.pending = { head: new Fields(e), child: 'VERTEX', children: [] };
    else if (e.type === 'INSERT' && valueOf(e, 66)?.trim() === '1') this.pending = { head: new Fields(e), child: 'ATTRIB', children: [] };
    else this.one(new Fields(e));
    return this.c.open;
  }

  end(): DxfDrawing {
    this.finishPending();
    for (const [type, n] of this.skipped) this.c.warn(null, `${n} ${type} entit${n === 1 ? 'y was' : 'ies were'} skipped: not a design point or line`);
    return this.drawing;
  }

  private skip(type: string): void {
    this.skipped.set(type, (this.skipped.get(type) ?? 0) + 1);
  }

  private report(f: Fields): void {
    for (const p of f.problems) this.c.error(p.line, p.message);
  }

  private finishPending(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (p.child === 'ATTRIB') this.keep(readPoint(p.head, p.children.map((a) => a.e)));
    else {
      const result = readPolyline(p.head, p.children, (line, m) => this.c.warn(line, m));
      if (result === 'mesh') this.skip('POLYLINE mesh');
      else this.keep(result);
      p.children.forEach((v) => this.report(v));
    }
    this.report(p.head);
  }

  private one(f: Fields): void {
    const t = f.e.type;
    if (t === 'POINT' || t === 'INSERT') this.keep(readPoint(f));
    else if (t === 'TEXT' || t === 'MTEXT') this.keep(readText(f));
    else if (t === 'LINE') this.keep(readLine(f));
    else if (t === 'LWPOLYLINE') this.keep(readLwPolyline(f, (line, m) => this.c.warn(line, m)));
    else if (t !== 'VERTEX' && t !== 'SEQEND' && t !== 'ATTRIB') this.skip(t);
    this.report(f);
  }

  /** Keeps what an entity gave, its points and vertices counted against the row limit as they come. */
  private keep(r: DxfPoint | DxfText | DxfPolyline | null): void {
    if (!r) return;
    if ('text' in r) this.drawing.texts.push(r);
    else if ('vertices' in r) {
      if (this.c.count(r.vertices.length, r.line)) this.drawing.polylines.push(r);
    } else if (this.c.count(1, r.line)) this.drawing.points.push(r);
  }
}
