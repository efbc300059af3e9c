import type { DesignLine, DesignPoint, ImportMessage, ImportResult } from '../types.js';
import { MAX_IMPORT_ROWS, tooManyRows } from './limits.js';

export interface CollectOptions {
  /** names the project's design already holds: a row repeating one is reported like a name repeated in the file */
  existingNames?: Iterable<string>;
}

/**
 * Gathers what an importer reads: every name once (a repeat is an error naming the first line), rows counted
 * against the limit (points and line vertices), and the result, which holds nothing once the limit is passed.
 */
export class Collector {
  readonly points: DesignPoint[] = [];
  readonly lines: DesignLine[] = [];
  readonly errors: ImportMessage[] = [];
  readonly warnings: ImportMessage[] = [];
  private readonly pointNames = new Map<string, number>();
  private readonly lineNames = new Map<string, number>();
  private readonly existing: Set<string>;
  private rows = 0;
  private refused: ImportMessage | null = null;

  constructor(options: CollectOptions = {}) {
    this.existing = new Set(options.existingNames ?? []);
  }

  error(line: number | null, message: string): void {
    this.errors.push({ line, message });
  }

  warn(line: number | null, message: string): void {
    this.warnings.push({ line, message });
  }

  /** false once the file is refused: the caller stops reading. */
  get open(): boolean {
    return this.refused === null;
  }

  /** Counts rows toward the limit; false (and the file refused) once it is passed. */
  count(rows: number, line: number | null): boolean {
    if (this.refused) return false;
    this.rows += rows;
    if (this.rows > MAX_IMPORT_ROWS) this.refused = tooManyRows(line);
    return this.refused === null;
  }

  refuse(message: ImportMessage): void {
    this.refused ??= message;
  }

  /** Whether a point name (or a line name) is already taken, in this file or (points) in the project. */
  taken(name: string, kind: 'point' | 'line' = 'point'): boolean {
    return kind === 'line' ? this.lineNames.has(name) : this.pointNames.has(name) || this.existing.has(name);
  }

  addPoint(p: DesignPoint): boolean {
    if (!this.unique(p.name, p.line, this.pointNames, 'point')) return false;
    this.points.push(p);
    return true;
  }

  addLine(l: DesignLine): boolean {
    if (!this.unique(l.name, l.line, this.lineNames, 'line')) return false;
    this.lines.push(l);
    return true;
  }

  private unique(name: string, line: number, names: Map<string, number>, what: string): boolean {
    const first = names.get(name);
    if (first !== undefined) {
      this.error(line, `the ${what} name "${name}" is already used on line ${first}`);
      return false;
    }
    if (what === 'point' && this.existing.has(name)) {
      this.error(line, `the point name "${name}" is already a design point of the project`);
      return false;
    }
    names.set(name, line);
    return true;
  }

  result(): ImportResult {
    if (this.refused) return { points: [], lines: [], errors: [this.refused], warnings: [] };
    const byLine = (a: ImportMessage, b: ImportMessage) => (a.line ?? 0) - (b.line ?? 0);
    return { points: this.points, lines: this.lines, errors: [...this.errors].sort(byLine), warnings: [...this.warnings].sort(byLine) };
  }
}

/** A name not yet taken: prefix + the smallest number from next on that is free. */
export function freeName(c: Collector, prefix: string, next: { n: number }, kind: 'point' | 'line' = 'point'): string {
  while (c.taken(`${prefix}${next.n}`, kind)) next.n++;
  return `${prefix}${next.n++}`;
}
