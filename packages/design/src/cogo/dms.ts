/**
 * A bearing in decimal degrees as degrees, minutes and seconds ("123°27'21.6\""), seconds to the given decimals; a
 * rounding that reaches 60 seconds carries into the minutes and on, so 359.99999 is 0°00'00.0".
 */
export function formatDms(degrees: number, decimals = 1): string {
  const scale = 10 ** decimals;
  let total = Math.round((((degrees % 360) + 360) % 360) * 3600 * scale);
  total %= 360 * 3600 * scale;
  const d = Math.floor(total / (3600 * scale));
  const m = Math.floor((total - d * 3600 * scale) / (60 * scale));
  const s = (total - d * 3600 * scale - m * 60 * scale) / scale;
  return `${d}°${String(m).padStart(2, '0')}'${s.toFixed(decimals).padStart(decimals ? 3 + decimals : 2, '0')}"`;
}
