import { canAll } from '../../../lib/can';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { pointView, type PointView } from '@smi/contracts';
import { PointsTable } from './points-table';

/** A point as GET /api/points answers it: every survey-grade field null unless given. */
function point(over: Partial<PointView>): PointView {
  const blank = Object.fromEntries(Object.keys(pointView.shape).map((k) => [k, null])) as unknown as PointView;
  return {
    ...blank,
    _id: over.Name ?? 'p',
    ProjectId: 'x',
    Name: 'P1',
    Type: 'recorded',
    Latitude: 6.615,
    Longitude: 79.968,
    Accuracy: 'High',
    Timestamp: '2026-11-23T10:00:00.000Z',
    Device: 'Rover',
    Section: 'default',
    Created_On: '2026-11-23T10:00:00.000Z',
    Method: 'client',
    Warnings: [],
    ...over,
  } as PointView;
}

describe('the taken-points table', () => {
  it('shows the height of each point, and the fix type and ± beside the accuracy grade', () => {
    render(
      <PointsTable can={canAll}
        points={[
          point({ Name: 'Float one', Accuracy: 'High', FixType: 'rtk-float', HorizontalAccuracy: 0.38, Altitude: 12.3456 }),
          point({ Name: 'Fixed one', FixType: 'rtk-fixed', HorizontalAccuracy: 0.009, Altitude: null, EllipsoidalHeight: -3.2 }),
        ]}
        onModify={vi.fn()}
        onDelete={vi.fn()}
        unit="FEET"
      />,
    );
    expect(screen.getByText('Height', { selector: 'th' })).toBeInTheDocument();
    const float = screen.getAllByText('Float one')[0]!.closest('tr')!;
    expect(within(float).getAllByText('40.504 ft MSL').length).toBeGreaterThan(0);
    expect(within(float).getAllByText('RTK float')[0]).toHaveAttribute('data-tone', 'yellow');
    expect(within(float).getAllByText('± 1.25 ft').length).toBeGreaterThan(0);
    const fixed = screen.getAllByText('Fixed one')[0]!.closest('tr')!;
    expect(within(fixed).getAllByText('-10.499 ft ellipsoidal').length).toBeGreaterThan(0);
    expect(within(fixed).getAllByText('RTK fixed')[0]).toHaveAttribute('data-tone', 'green');
    // 0.9 cm in feet keeps its digits
    expect(within(fixed).getAllByText('± 0.030 ft').length).toBeGreaterThan(0);
  }, 30_000);

  it('with a project CRS, shows easting, northing and height as the API computed them, the CRS, unit and geoid named', () => {
    const frame = {
      crsLabel: 'EPSG:2236 NAD83 / Florida East (ftUS)', crsCode: 2236, unitLabel: 'US survey foot', unitSymbol: 'ftUS', heightUnitSymbol: 'ftUS',
      heightLabel: 'EGM96', heightName: 'orthometric (EGM96)', orthometric: true, calibrationVersion: 3, isDefault: false,
    };
    render(
      <PointsTable can={canAll}
        points={[point({ _id: 'a', Name: 'CP1', Altitude: 3.1 }), point({ _id: 'b', Name: 'CP2' })]}
        grid={{ success: true, frame, points: { a: { easting: 920_733.123, northing: 524_390.456, height: 95.741 }, b: null } }}
        onModify={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.getByTestId('points-crs')).toHaveTextContent(
      'Grid coordinates in EPSG:2236 NAD83 / Florida East (ftUS), US survey foot; heights orthometric (EGM96); site calibration v3 applied.',
    );
    expect(screen.getByRole('columnheader', { name: 'Easting (ftUS)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Height (ftUS)' })).toBeInTheDocument();
    const cp1 = screen.getByRole('row', { name: /CP1/ });
    expect(cp1).toHaveTextContent('920733.123 ftUS');
    expect(cp1).toHaveTextContent('524390.456 ftUS');
    expect(cp1).toHaveTextContent('95.741 ftUS EGM96');
    // a point outside the CRS says so rather than showing a made-up number
    expect(within(screen.getByRole('row', { name: /CP2/ })).getAllByText('N/A').length).toBeGreaterThanOrEqual(2);
  });

  it('shows how a point was measured: method, epochs and sigma H / V, and a browser-recorded one as a live reading', () => {
    render(
      <PointsTable can={canAll}
        points={[
          point({ _id: 'pt-7', Name: 'Topo one', Method: 'topo', Epochs: 12, SigmaE: 0.003, SigmaN: 0.004, SigmaU: 0.0123, Warnings: ['stopped-early'] }),
          point({ Name: 'Client one', Method: 'client', Warnings: ['not-measured-by-server'] }),
          point({ _id: 'pt-9', Name: 'Client nmea', Method: 'client', Warnings: ['not-measured-by-server', 'base-from-nmea'] }),
          point({ _id: 'pt-8', Name: 'Topo nmea', Method: 'topo', Epochs: 5, Warnings: ['base-from-nmea'] }),
        ]}
        onModify={vi.fn()}
        onDelete={vi.fn()}
        unit="CM"
      />,
    );
    expect(screen.getByText('Measured', { selector: 'th' })).toBeInTheDocument();
    const topo = screen.getAllByText('Topo one')[0]!.closest('tr')!;
    const measured = within(topo).getAllByTestId('point-measurement')[0]!;
    // sigma H is the hypotenuse of sigma E and N: 3 and 4 mm make 5 mm
    expect(measured).toHaveTextContent('topo12 epochsσH 0.5 cmσV 1.2 cmstopped early');
    // its raw epochs, as the server keeps them
    expect(within(topo).getAllByRole('link', { name: 'Raw epochs of Topo one (csv)' })[0]).toHaveAttribute('href', '/api/points/x/pt-7/epochs?format=csv');
    const client = screen.getAllByText('Client one')[0]!.closest('tr')!;
    expect(within(client).getAllByText('live reading').length).toBeGreaterThan(0);
    expect(within(client).queryByRole('link', { name: /Raw epochs/ })).not.toBeInTheDocument();
    // a point corrected from the base's NMEA position says so, measured or not; others do not
    expect(within(client).queryByTestId('base-from-nmea')).not.toBeInTheDocument();
    expect(within(topo).queryByTestId('base-from-nmea')).not.toBeInTheDocument();
    for (const name of ['Client nmea', 'Topo nmea']) {
      const row = screen.getAllByText(name)[0]!.closest('tr')!;
      expect(within(row).getAllByTestId('base-from-nmea')[0]).toHaveTextContent('base from NMEA');
    }
  });

  it('says who recorded each point: a By column, and the same line under the name on a phone', () => {
    render(
      <PointsTable can={canAll}
        points={[point({ _id: 'a', Name: 'MH1', RecordedBy: { Id: 'u1', Name: 'Ann Field' } }), point({ _id: 'b', Name: 'MH2' })]}
        onModify={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    // the spec's columns stay, in their order, with By added before the time
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Point', 'Latitude', 'Longitude', 'Height', 'Accuracy', 'Measured', 'Section', 'By', 'Timestamp', 'Actions']);
    const by = headers.indexOf('By');
    const mh1 = screen.getByRole('row', { name: /MH1/ });
    expect(within(mh1).getAllByRole('cell')[by]).toHaveTextContent(/^Ann Field$/);
    expect(within(mh1).getByTestId('point-by')).toHaveTextContent('By Ann Field');
    // a point with no recorder known says so
    const mh2 = screen.getByRole('row', { name: /MH2/ });
    expect(within(mh2).getAllByRole('cell')[by]).toHaveTextContent(/^N\/A$/);
    expect(within(mh2).getByTestId('point-by')).toHaveTextContent('By N/A');
  });
});
