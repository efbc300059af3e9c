/** The linear units a CRS's coordinates can come in, as the EPSG catalogue names them, with their size in metres. */
export type LinearUnit = 'metre' | 'US survey foot' | 'foot';

export const METRES_PER: Record<LinearUnit, number> = {
  metre: 1,
  'US survey foot': 1200 / 3937,
  foot: 0.3048,
};

/** What a value is labelled with where it is shown or exported ("foot" is the international foot). */
export const UNIT_LABEL: Record<LinearUnit, string> = {
  metre: 'metre',
  'US survey foot': 'US survey foot',
  foot: 'international foot',
};

export const UNIT_SYMBOL: Record<LinearUnit, string> = { metre: 'm', 'US survey foot': 'ftUS', foot: 'ft' };

export function isLinearUnit(unit: string): unit is LinearUnit {
  return unit in METRES_PER;
}

/** metres -> the unit (for a height written beside grid coordinates in feet). */
export function fromMetres(metres: number, unit: LinearUnit): number {
  return metres / METRES_PER[unit];
}

export function toMetres(value: number, unit: LinearUnit): number {
  return value * METRES_PER[unit];
}
