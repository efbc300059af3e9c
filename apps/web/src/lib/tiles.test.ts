import { describe, expect, it } from 'vitest';
import { tileSource } from './tiles';

describe('map tile credits', () => {
  it('credits OpenStreetMap for its tile servers', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png').attribution).toContain('OpenStreetMap</a> contributors');
    expect(tileSource('https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png').attribution).toContain('OpenStreetMap');
  });

  it('names the host of any other tile server, without the subdomain placeholder', () => {
    expect(tileSource('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toEqual({ url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: 'Tiles: tiles.example.com' });
  });

  it('gives no credit line for a template that is not a URL', () => {
    expect(tileSource('tiles/{z}/{x}/{y}.png').attribution).toBe('');
  });
});
