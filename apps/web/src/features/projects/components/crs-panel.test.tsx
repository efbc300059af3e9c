import { canAll } from '../../../lib/can';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pointView, type PointView } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { CrsPanel } from './crs-panel';
import { CalibrationPanel } from './calibration-panel';

const NONE = { crs: null, unitLabel: null, vertical: 'ellipsoidal', geoidModel: null, verticalCrsCode: null, correctionsDatum: 'WGS84', helmertFallback: false, geoidModels: ['EGM96', 'us_noaa_g2018u0.gtx'], verticalCrsOptions: [{ code: 5773, name: 'EGM96 height', model: 'EGM96' }] };
const LAMBERT = { code: 2154, name: 'RGF93 v1 / Lambert-93', kind: 'projected', unit: 'metre', area: 'France - onshore and offshore', grid: null };
const FLORIDA = { code: 2236, name: 'NAD83 / Florida East (ftUS)', kind: 'projected', unit: 'US survey foot', area: 'United States (USA) - Florida', grid: null };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The api as the panel sees it: the routes it calls, answered like the server does; every request recorded. */
function api(routes: Record<string, (init: RequestInit | undefined, url: string) => Response>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const key = Object.keys(routes).find((k) => `${method} ${url}`.startsWith(k));
      return key ? routes[key]!(init, url) : json({ success: false, message: `no route ${method} ${url}` }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the project coordinate system panel', () => {
  it('finds a CRS by name, names its unit, and saves it with a geoid and the corrections datum', async () => {
    const user = userEvent.setup();
    let saved: unknown = null;
    const calls = api({
      'GET /api/projects/crs/p1': () => json({ success: true, settings: saved ?? NONE }),
      'GET /api/crs?query=florida': () => json({ success: true, crs: [FLORIDA] }),
      'PUT /api/projects/crs/p1': (init) => {
        const b = JSON.parse(String(init!.body));
        saved = { ...NONE, crs: FLORIDA, unitLabel: 'US survey foot', vertical: 'geoid', geoidModel: b.geoidModel, correctionsDatum: b.correctionsDatum };
        return json({ success: true, settings: saved });
      },
    });
    renderApp(<CrsPanel can={canAll} projectId="p1" />);
    expect(await screen.findByText(/No coordinate system/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a coordinate system (EPSG code or name)'), 'florida');
    const found = await screen.findByRole('button', { name: /EPSG:2236 NAD83 \/ Florida East \(ftUS\)/ });
    expect(found).toHaveTextContent('US survey foot');
    // typed at speed: one search when the typing paused, not one a keystroke
    expect(calls.filter((c) => c.url.startsWith('/api/crs?')).map((c) => c.url)).toEqual(['/api/crs?query=florida']);
    await user.click(found);
    expect(screen.getByTestId('crs-picked')).toHaveTextContent('coordinates in US survey foot');
    await user.selectOptions(screen.getByLabelText('Heights'), 'Orthometric with us_noaa_g2018u0.gtx');
    await user.selectOptions(screen.getByLabelText(/Corrections datum/), 'NAD83(2011)');
    await user.click(screen.getByRole('button', { name: 'Save coordinate system' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      crsCode: 2236,
      vertical: 'geoid',
      geoidModel: 'us_noaa_g2018u0.gtx',
      verticalCrsCode: null,
      correctionsDatum: 'NAD83(2011)',
      helmertFallback: false,
    });
    expect(await screen.findByTestId('crs-current')).toHaveTextContent('EPSG:2236 NAD83 / Florida East (ftUS) · US survey foot · heights orthometric (us_noaa_g2018u0.gtx) · corrections in NAD83(2011)');
  }, 30_000);

  it('shows the server\'s reason when a grid is missing, and sends an EPSG vertical CRS code', async () => {
    const user = userEvent.setup();
    const calls = api({
      'GET /api/projects/crs/p1': () => json({ success: true, settings: { ...NONE, crs: LAMBERT, unitLabel: 'metre' } }),
      'PUT /api/projects/crs/p1': () => json({ success: false, message: 'The grid nzgd2kgrid0005.gsb is required but is not in the grids folder (/grids)' }, 400),
    });
    renderApp(<CrsPanel can={canAll} projectId="p1" />);
    await user.selectOptions(await screen.findByLabelText('Heights'), 'Another EPSG vertical CRS (code)…');
    await user.type(screen.getByLabelText('EPSG vertical CRS code'), '5701');
    await user.click(screen.getByRole('button', { name: 'Save coordinate system' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The grid nzgd2kgrid0005.gsb is required but is not in the grids folder (/grids)');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ crsCode: 2154, vertical: 'geoid', geoidModel: null, verticalCrsCode: 5701 });
    // a vertical CRS whose grid is here is offered by name
    await user.selectOptions(screen.getByLabelText('Heights'), 'EPSG:5773 EGM96 height');
    await user.click(screen.getByRole('button', { name: 'Save coordinate system' }));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toMatchObject({ verticalCrsCode: 5773, geoidModel: null });
  }, 30_000);
});

const point = (over: Partial<PointView>) =>
  ({
    ...Object.fromEntries(Object.keys(pointView.shape).map((k) => [k, null])),
    ProjectId: 'p1',
    Type: 'recorded',
    Accuracy: 'High',
    Timestamp: '2026-03-15T10:00:00.000Z',
    Device: 'Rover',
    Section: 'default',
    Created_On: '2026-03-15T10:00:00.000Z',
    Method: 'client',
    Warnings: [],
    Code: '',
    Attributes: {},
    Note: '',
    RecordedBy: { Id: null, Name: 'Surveyor' },
    Photos: [],
    ...over,
  }) as PointView;
const POINTS = [
  point({ _id: 'a', Number: 1, Name: 'CP1', Latitude: 48.137, Longitude: 11.575, EllipsoidalHeight: 565.2 }),
  point({ _id: 'b', Number: 2, Name: 'CP2', Latitude: 48.1412, Longitude: 11.5831, Altitude: 520, GeoidSeparation: 47.5 }),
];
const SOLVED = {
  version: 2,
  crsCode: 2154,
  createdAt: '2026-03-15T12:00:00.000Z',
  fixScale: false,
  horizontal: { tE: 120.25, tN: -48.5, scale: 1.0000123, rotationArcsec: 1.5, a: 1, b: 0 },
  vertical: { kind: 'constant', dh: 0.35, slopeLat: 0, slopeLon: 0, lat0: 48.1, lon0: 11.5 },
  residuals: [
    { name: 'CP1', dE: 0.004, dN: -0.003, dH: 0, overTolerance: false },
    { name: 'CP2', dE: -0.041, dN: 0.005, dH: 0, overTolerance: true },
  ],
  rmsH: 0.029,
  rmsV: 0,
  warnings: ['residual-over-tolerance:CP2', 'no-redundancy-h'],
};

describe('the site calibration panel', () => {
  it('sends pairs of picked points and typed grid values, then shows the parameters, residuals, RMS and the warning', async () => {
    const user = userEvent.setup();
    let calibration: unknown = null;
    const calls = api({
      'GET /api/projects/crs/p1': () => json({ success: true, settings: { ...NONE, crs: LAMBERT, unitLabel: 'metre' } }),
      'GET /api/points/p1': () => json({ success: true, points: POINTS }),
      'GET /api/projects/calibration/p1': () => json({ success: true, calibration }),
      'PUT /api/projects/calibration/p1': () => {
        calibration = SOLVED;
        return json({ success: true, calibration });
      },
      'DELETE /api/projects/calibration/p1': () => {
        calibration = null;
        return json({ success: true, message: 'Calibration removed', calibration: null });
      },
    });
    renderApp(<CalibrationPanel can={canAll} projectId="p1" />);
    expect(await screen.findByTestId('calibration-none')).toBeInTheDocument();
    await user.click(screen.getByText('New calibration…'));
    await screen.findAllByRole('option', { name: 'CP2' });
    await user.selectOptions(screen.getByLabelText('Pair 1 measured point'), 'CP1');
    await user.type(screen.getByLabelText('Pair 1 known easting'), '691000.5');
    await user.type(screen.getByLabelText('Pair 1 known northing'), '5334000.25');
    await user.type(screen.getByLabelText('Pair 1 known height'), '518.1');
    await user.selectOptions(screen.getByLabelText('Pair 2 measured point'), 'CP2');
    await user.type(screen.getByLabelText('Pair 2 known easting'), '691600');
    await user.type(screen.getByLabelText('Pair 2 known northing'), '5334470');
    await user.click(screen.getByRole('button', { name: 'Solve calibration' }));
    const summary = await screen.findByTestId('calibration-summary');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      pairs: [
        { name: 'CP1', pointId: 'a', latitude: 48.137, longitude: 11.575, ellipsoidalHeight: 565.2, easting: 691000.5, northing: 5334000.25, height: 518.1 },
        { name: 'CP2', pointId: 'b', latitude: 48.1412, longitude: 11.5831, ellipsoidalHeight: 567.5, easting: 691600, northing: 5334470, height: null },
      ],
      fixScale: false,
    });
    expect(summary).toHaveTextContent('120.250 m, -48.500 m');
    expect(summary).toHaveTextContent('12.30 ppm');
    expect(within(summary).getByTestId('calibration-rms')).toHaveTextContent('horizontal 0.029 m, vertical 0.000 m');
    expect(within(summary).getByRole('alert')).toHaveTextContent('Residual over tolerance at CP2');
    expect(within(summary).getByRole('row', { name: /CP2/ })).toHaveTextContent('-0.041');
    await user.click(within(summary).getByRole('button', { name: 'Remove calibration' }));
    expect(await screen.findByTestId('calibration-none')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  }, 30_000);
});
