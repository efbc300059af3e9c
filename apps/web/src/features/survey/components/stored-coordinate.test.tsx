import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { RecordPreviewReply } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { StoredCoordinate } from './stored-coordinate';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const FRAME = { crsLabel: 'EPSG:5235 SLD99 / Sri Lanka Grid 1999', crsCode: 5235, unitLabel: 'metre', unitSymbol: 'm', heightUnitSymbol: 'm', heightLabel: 'EGM96', heightName: 'orthometric (EGM96)', orthometric: true, calibrationVersion: null, isDefault: false };
const READING = { latitude: 6.6152, longitude: 79.968174, altitude: 12.345, geoidSeparation: -98.2 };
const ANTENNA = { Height: 1.8, HeightType: 'vertical' as const, Reference: 'ARP', Model: 'EMLID REACH RS2' };

afterEach(() => vi.unstubAllGlobals());

function serve(reply: Partial<RecordPreviewReply>) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return json({ success: true, Latitude: 6.61521, Longitude: 79.968181, EllipsoidalHeight: -87.689, Altitude: 10.511, Correction: 'broadcast', Setup: { Source: 'auto-fix', Version: 2 }, frame: FRAME, coordinate: { easting: 410923.366, northing: 457432.756, height: 9.655 }, ...reply });
    }),
  );
  return sent;
}

describe('the coordinate the Record dialog will store, as the server computes it', () => {
  it('sends the rover\'s reading and antenna, and shows the stored mark in the project grid with its CRS, height and setup named', async () => {
    const sent = serve({});
    renderApp(<StoredCoordinate reading={READING} antenna={ANTENNA} projectId="p1" />);
    expect(await screen.findByTestId('stored-grid')).toHaveTextContent('E 410923.366 m, N 457432.756 m');
    expect(sent).toEqual([{ url: '/api/projects/p1/record-preview', body: { Reading: { Latitude: 6.6152, Longitude: 79.968174, Altitude: 12.345, GeoidSeparation: -98.2 }, Antenna: ANTENNA } }]);
    // the mark where the server places it, not the rover's own reading
    expect(screen.getByTestId('stored-latlon')).toHaveTextContent('6.615210, 79.968181');
    expect(screen.getByTestId('stored-crs')).toHaveTextContent('EPSG:5235 SLD99 / Sri Lanka Grid 1999 · metre');
    expect(screen.getByTestId('stored-height')).toHaveTextContent('9.655 m orthometric (EGM96)');
    expect(screen.getByTestId('stored-setup')).toHaveTextContent('Placed from the Auto Fix position (base setup v2).');
    expect(screen.queryByTestId('stored-correction')).not.toBeInTheDocument();
  });

  it("flags a point placed from the base's NMEA position, and names the default grid of a project without a CRS", async () => {
    serve({ Correction: 'base-nmea', Setup: { Source: 'known', Version: null }, frame: { ...FRAME, crsLabel: 'EPSG:32644 WGS 84 / UTM zone 44N', crsCode: 32644, isDefault: true } });
    renderApp(<StoredCoordinate reading={READING} antenna={ANTENNA} projectId="p1" />);
    expect(await screen.findByTestId('stored-correction')).toHaveTextContent("Corrected from the base's NMEA position: the base has broadcast no 1005/1006 position");
    expect(screen.getByTestId('stored-crs')).toHaveTextContent('EPSG:32644 WGS 84 / UTM zone 44N · metre (default)');
    expect(screen.getByTestId('stored-setup')).toHaveTextContent('Placed from the known base position.');
  });

  it('asks nothing while the antenna cannot be reduced, and says why', async () => {
    const sent = serve({});
    renderApp(<StoredCoordinate reading={READING} antenna={null} projectId="p1" />);
    expect(screen.getByTestId('stored-waiting')).toHaveTextContent('The antenna height is missing');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
  });
});
