const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A decimal number as a coordinate file writes it, or null: Number() alone would take '', ' ', '0x10' and
 * 'Infinity', none of which is a coordinate.
 */
export function parseDecimal(text: string, decimalComma = false): number | null {
  const t = decimalComma ? text.replace(',', '.') : text;
  if (!DECIMAL.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}
