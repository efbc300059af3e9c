import { METRES_PER, type LinearUnit } from '@smi/geodesy/units';
import { Collector, type CollectOptions } from '../import/collector.js';
import { decodeInput, sizeError } from '../import/limits.js';
import type { ImportInput, ImportResult } from '../types.js';
import { DrawingReader } from './drawing.js';
import { readDxf } from './groups.js';
import { nameByText } from './names.js';
import { toDesign } from './to-design.js';

export interface DxfOptions extends CollectOptions {
  /** the drawing's unit; by default its $INSUNITS, else metre (with a warning) */
  unit?: LinearUnit;
  /** the farthest a TEXT/MTEXT may be from a point to name it, in metres (default 2; 0 turns naming by text off) */
  textTolerance?: number;
  /** only texts on these layers name points (default: every layer) */
  textLayers?: string[];
  /** the prefix of the names given to points no text names (default "P") */
  pointPrefix?: string;
}

/** $INSUNITS codes of the units a survey drawing is in. */
const INSUNITS: Record<string, LinearUnit> = { '2': 'foot', '6': 'metre', '21': 'US survey foot' };

/**
 * Design points (POINT, INSERT at its insertion point, named by an attribute or the nearest TEXT/MTEXT) and lines
 * (LINE, LWPOLYLINE with bulges and elevation, 2D and 3D POLYLINE) of an ASCII DXF, each with its layer, in metres.
 * Never throws; a damaged file (a group code that is not a number) imports nothing.
 */
export function parseDxf(input: ImportInput, options: DxfOptions = {}): ImportResult {
  const refused = sizeError(input);
  if (refused) return { points: [], lines: [], errors: [refused], warnings: [] };
  const { text, warning } = decodeInput(input);
  const c = new Collector(options);
  const reader = new DrawingReader(c);
  const read = readDxf(text, (e) => reader.entity(e));
  if ('error' in read) return { points: [], lines: [], errors: [{ line: read.line, message: read.error }], warnings: [] };
  const drawing = reader.end();
  if (!c.open) return c.result();
  if (warning) c.warn(null, warning.message);
  if (!read.ended) c.error(null, 'the file has no EOF: it may have been cut short');
  const insunits = read.header.get('$INSUNITS');
  const headerUnit = INSUNITS[insunits ?? ''];
  const unit = options.unit ?? headerUnit ?? 'metre';
  if (!options.unit && !headerUnit) {
    // GDAL writes $INSUNITS 1 (inches) in every DXF: a survey drawing in inches is not believed
    const said = insunits === undefined || insunits === '0' ? 'does not say its unit' : `says its unit is $INSUNITS ${insunits}, not a survey unit`;
    c.warn(null, `the drawing ${said}: its coordinates were read as metres (choose the unit if they are feet)`);
  }
  const metres = METRES_PER[unit];
  const layers = options.textLayers ? new Set(options.textLayers) : null;
  const texts = layers ? drawing.texts.filter((t) => layers.has(t.layer)) : drawing.texts;
  nameByText(drawing.points, texts, (options.textTolerance ?? 2) / metres);
  toDesign(drawing, metres, c, options.pointPrefix ?? 'P');
  return c.result();
}
