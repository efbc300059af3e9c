import { describe, expect, it } from 'vitest';
import L from 'leaflet';
import { labelNode, POINT_STYLE } from './points-layer';
import { LABEL_MAX_IN_VIEW, LABEL_MIN_ZOOM, showsLabels } from './points-path';

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
