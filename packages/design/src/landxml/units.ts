import { METRES_PER } from '@smi/geodesy/units';
import type { XmlElement } from './xml.js';

/** LandXML's linearUnit values and their size in metres ("foot" is the international foot). */
const LINEAR: Record<string, number> = {
  meter: 1,
  millimeter: 0.001,
  centimeter: 0.01,
  kilometer: 1000,
  foot: METRES_PER.foot,
  USSurveyFoot: METRES_PER['US survey foot'],
  inch: 0.0254,
};

/** The size in metres of the file's linear unit, or what is wrong with its Units. */
export function linearUnit(root: XmlElement): { metres: number; warning?: string } | { error: string; line: number } {
  const units = root.children.find((c) => c.name === 'Units');
  const system = units?.children.find((c) => c.name === 'Metric' || c.name === 'Imperial');
  if (!units || !system) return { metres: 1, warning: 'the file has no Units: its coordinates were read as metres' };
  const unit = system.attrs.linearUnit ?? '';
  const metres = LINEAR[unit];
  if (metres === undefined) return { error: `unknown linearUnit "${unit}" in <${system.name}>`, line: system.line };
  return { metres };
}

/** The EPSG code the file's CoordinateSystem names, if any. */
export function epsgOf(root: XmlElement): { code: number; line: number } | null {
  const cs = root.children.find((c) => c.name === 'CoordinateSystem');
  const code = Number(cs?.attrs.epsgCode);
  return cs && Number.isInteger(code) && code > 0 ? { code, line: cs.line } : null;
}
