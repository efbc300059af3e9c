/** Marker size by window width: under 640 gives 30, under 768 gives 35, else 40 (px). */
export function markerSize(windowWidth: number): 30 | 35 | 40 {
  if (windowWidth < 640) return 30;
  if (windowWidth < 768) return 35;
  return 40;
}
