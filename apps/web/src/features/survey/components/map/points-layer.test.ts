import { describe, expect, it, vi } from 'vitest';
import L from 'leaflet';
import { labelNode, POINT_STYLE, surveyRenderer } from './points-layer';
import { LABEL_MAX_IN_VIEW, LABEL_MIN_ZOOM, pointsPath, showsLabels } from './points-path';

describe('point labels given to Leaflet', () => {
  it("put a point's name in as text, never as markup", () => {
    const name = '<img src=x onerror="window.__pwned=1">';
    // what Leaflet's tooltip does with its content: a string goes to innerHTML, a node is appended
    const tip = L.tooltip().setContent(labelNode(name));
    const host = document.createElement('div');
    const map = L.map(host, { center: [0, 0], zoom: 1 });
    tip.setLatLng([0, 0]).addTo(map);
    const content = tip.getElement()!;
    expect(content.querySelector('img')).toBeNull();
    expect(content.textContent).toBe(name);
    map.remove();
  });
  it('are drawn beside the points from zoom 18 on, while not too many are in view', () => {
    expect(LABEL_MIN_ZOOM).toBe(18);
    expect(showsLabels(17, 10)).toBe(false);
    expect(showsLabels(18, 10)).toBe(true);
    expect(showsLabels(20, LABEL_MAX_IN_VIEW)).toBe(true);
    expect(showsLabels(20, LABEL_MAX_IN_VIEW + 1)).toBe(false);
  });
  it('draw points in a colour no rover has', () => {
    expect(POINT_STYLE.fillColor).not.toBe('#2563eb');
  });
});

describe('the points canvas shared with the accuracy circles', () => {
  it('repaints only the points near a circle that moves, and every point when the view changes', async () => {
    // jsdom lays nothing out and has no 2D canvas: a 400 x 400 map, and a context that counts the squares drawn
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    let squares = 0;
    const ctx = new Proxy({}, { get: (_t, k) => (k === 'rect' ? () => void squares++ : k === 'canvas' ? document.createElement('canvas') : () => undefined), set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const renderer = surveyRenderer();
    const map = L.map(document.createElement('div'), { center: [6.615, 79.968], zoom: 16, renderer });
    // 400 points on a 20 x 20 grid filling the view, and a small circle in one corner
    const points = Array.from({ length: 400 }, (_, i) => ({ _id: String(i), Name: `P${i}`, Latitude: 6.6125 + 0.00025 * Math.floor(i / 20), Longitude: 79.9655 + 0.00025 * (i % 20) }));
    pointsPath({ ...POINT_STYLE, renderer }).addTo(map).setPoints(points);
    const circle = L.circle([6.6127, 79.9657], { radius: 1 }).addTo(map);
    await vi.waitFor(() => expect(squares).toBeGreaterThanOrEqual(400));
    squares = 0;
    circle.setLatLng([6.6128, 79.9657]);
    await new Promise((r) => setTimeout(r, 100));
    expect(squares).toBeGreaterThan(0);
    expect(squares).toBeLessThan(40);
    squares = 0;
    map.setView([6.6149, 79.968], 16, { animate: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(squares).toBeGreaterThanOrEqual(400);
    map.remove();
  });
});
