import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { StoredCoordinate } from './stored-coordinate';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const FRAME = { crsLabel: 'EPSG:5235 SLD99 / Sri Lanka Grid 1999', crsCode: 5235, unitLabel: 'metre', unitSymbol: 'm', heightUnitSymbol: 'm', heightLabel: 'EGM96', heightName: 'orthometric (EGM96)', orthometric: true, calibrationVersion: null, isDefault: false };

afterEach(() => vi.unstubAllGlobals());

describe('the coordinate the Record dialog will store, in the project CRS', () => {
  it('asks the API for the grid coordinate of the live position and the h it will store, and names the CRS, unit and geoid', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/projects/crs/p1') return json({ success: true, settings: { crs: { code: 5235, name: 'SLD99 / Sri Lanka Grid 1999', kind: 'projected', unit: 'metre', area: 'Sri Lanka', grid: null }, unitLabel: 'metre', vertical: 'geoid', geoidModel: 'EGM96', verticalCrsCode: null, correctionsDatum: 'WGS84', helmertFallback: false, geoidModels: ['EGM96'], verticalCrsOptions: [] } });
        sent.push(JSON.parse(String(init?.body)));
        return json({ success: true, frame: FRAME, coordinates: [{ easting: 410923.366, northing: 457432.756, height: 97.655 }] });
      }),
    );
    renderApp(<StoredCoordinate position={{ latitude: 6.6152, longitude: 79.968174 }} altitude={12.345} zoneFrom={null} unit="CM" projectId="p1" ellipsoidalHeight={-4.655} />);
    expect(await screen.findByTestId('stored-grid')).toHaveTextContent('E 410923.366 m, N 457432.756 m');
    expect(screen.getByTestId('stored-crs')).toHaveTextContent('EPSG:5235 SLD99 / Sri Lanka Grid 1999 · metre');
    expect(screen.getByTestId('stored-height')).toHaveTextContent('97.655 m orthometric (EGM96)');
    expect(sent).toEqual([{ positions: [{ latitude: 6.6152, longitude: 79.968174, ellipsoidalHeight: -4.655 }] }]);
    expect(screen.queryByTestId('stored-utm')).not.toBeInTheDocument();
  });

  it('keeps the UTM coordinate for a project without a CRS (no grid request)', async () => {
    const fetch = vi.fn(async () => json({ success: true, settings: { crs: null, unitLabel: null, vertical: 'ellipsoidal', geoidModel: null, verticalCrsCode: null, correctionsDatum: 'WGS84', helmertFallback: false, geoidModels: ['EGM96'], verticalCrsOptions: [] } }));
    vi.stubGlobal('fetch', fetch);
    renderApp(<StoredCoordinate position={{ latitude: 6.6152, longitude: 79.968174 }} altitude={12.345} zoneFrom={null} unit="CM" projectId="p1" />);
    expect(await screen.findByTestId('stored-utm')).toHaveTextContent(/^E \d{6}\.\d{3} m, N \d{6}\.\d{3} m$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
