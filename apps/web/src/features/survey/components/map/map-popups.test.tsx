import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { testReading } from '@smi/contracts/testing';
import type { RoverView } from '../../survey-model';
import type L from 'leaflet';
import { AccuracyCircles } from './accuracy-circles';
import { RoverMarker } from './device-markers';
import { PointCard, type MapPoint } from './point-card';
import { PointsLayer, surveyRenderer } from './points-layer';

const AT = { latitude: 6.615, longitude: 79.968 };

const floatRover: RoverView = {
  id: 'id-R1',
  code: 'R1',
  name: 'Rover One',
  status: 'online',
  battery: 80,
  signal: 70,
  position: AT,
  rawPosition: null,
  live: true,
  fix: testReading('R1', { fixType: 'rtk-float', accuracy: 0.38 }),
  fixAgeMs: 300,
  accuracyMetres: 0.38,
  phoneOffline: false,
};

const onMap = (children: React.ReactNode) =>
  render(
    <MapContainer center={[AT.latitude, AT.longitude]} zoom={20} style={{ width: 400, height: 400 }}>
      {children}
    </MapContainer>,
  );

/** The row of a card's <dl> named `term`: its value cell. */
const valueOf = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling as HTMLElement;

describe("a live rover's card on the survey map", () => {
  it('shows the fix type, coloured, and the ± beside the accuracy grade: a float rover never reads as just High', async () => {
    const { container } = onMap(<RoverMarker rover={floatRover} size={36} base={AT} unit="CM" grade="High" />);
    fireEvent.click(container.querySelector('.smi-rover')!);
    const card = (await screen.findByText('Rover One', { selector: 'p' })).parentElement!;
    // the headline is the fix and its ±, amber for float; the spec's grade is under it, named the rover/base timing
    const quality = within(card).getByTestId(`rover-quality-${floatRover.code}`);
    expect(within(quality).getByTestId('quality-headline')).toHaveTextContent('RTK float ± 38.0 cm');
    expect(within(quality).getByTestId('quality-headline')).toHaveAttribute('data-tone', 'yellow');
    expect(within(quality).getByTestId('accuracy-line')).toHaveTextContent('Rover/base timing: High');
  });
});

const floatPoint: MapPoint = { _id: 'p1', Name: 'P7', Latitude: AT.latitude, Longitude: AT.longitude, Accuracy: 'High', FixType: 'rtk-float', HorizontalAccuracy: 0.38, Altitude: 12.3456, Section: 'kerb' };

describe("a recorded point's card on the survey map", () => {
  it('shows the grade with the fix type (coloured) and ± beside it, and the height', () => {
    render(<PointCard point={floatPoint} unit="CM" />);
    const card = screen.getByTestId('point-card');
    const fix = valueOf(card, 'Fix');
    expect(within(fix).getByText('RTK float')).toHaveAttribute('data-tone', 'yellow');
    expect(fix).toHaveTextContent('± 38.0 cm');
    expect(valueOf(card, 'Timing')).toHaveTextContent('High');
    expect(valueOf(card, 'Height')).toHaveTextContent('12.346 m MSL');
  });

  it('names who recorded the point', () => {
    render(<PointCard point={{ ...floatPoint, RecordedBy: { Id: 'u1', Name: 'Ann Field' } }} unit="CM" />);
    expect(valueOf(screen.getByTestId('point-card'), 'By')).toHaveTextContent('Ann Field');
  });

  it('colours each fix type apart (only RTK fixed is green) and keeps significant digits in feet', () => {
    const tones = (['rtk-fixed', 'rtk-float', 'dgps', 'single'] as const).map((FixType) => {
      const { unmount } = render(<PointCard point={{ ...floatPoint, FixType, HorizontalAccuracy: 0.009 }} unit="FEET" />);
      const tone = screen.getByTestId('fix-quality').firstElementChild!.getAttribute('data-tone');
      expect(screen.getByTestId('fix-quality')).toHaveTextContent('± 0.030 ft');
      unmount();
      return tone;
    });
    expect(tones).toEqual(['green', 'yellow', 'orange', 'red']);
  });

  it('says what is not known rather than showing a blank', () => {
    render(<PointCard point={{ _id: 'p2', Name: '', Latitude: 1, Longitude: 2, Accuracy: null, FixType: null, HorizontalAccuracy: null, Altitude: null }} unit="CM" />);
    const card = screen.getByTestId('point-card');
    expect(card).toHaveTextContent('Unnamed Point');
    expect(valueOf(card, 'Timing')).toHaveTextContent('Unknown');
    expect(valueOf(card, 'Fix')).toHaveTextContent('No fix type');
    expect(valueOf(card, 'Height')).toHaveTextContent('not recorded');
    expect(valueOf(card, 'By')).toHaveTextContent('not recorded');
  });

  it("opens when the point is clicked (tapped) on the map, even under a rover's accuracy circle", async () => {
    // jsdom has no 2D canvas: a context that accepts the drawing calls stands in for it (the layers' hit tests are their own)
    const ctx = new Proxy({}, { get: (_t, k) => (k === 'canvas' ? document.createElement('canvas') : () => undefined), set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const renderer = surveyRenderer();
    const points = [floatPoint, { ...floatPoint, _id: 'p2', Name: 'Far', Latitude: 7 }];
    const { container, rerender } = render(<SurveyVectors renderer={renderer} points={points} rovers={[]} />);
    // the rover stands on the point with a 3 m circle, added after the points (as when it starts reporting)
    rerender(<SurveyVectors renderer={renderer} points={points} rovers={[{ ...floatRover, accuracyMetres: 3 }]} />);
    expect(container.querySelector('path.leaflet-interactive, .leaflet-overlay-pane svg')).toBeNull();
    expect(screen.queryByTestId('point-card')).toBeNull();
    const map = container.querySelector('.leaflet-container') as HTMLElement;
    vi.spyOn(map, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, left: 0, top: 0, width: 400, height: 400, right: 400, bottom: 400, toJSON: () => ({}) });
    // the topmost canvas takes the pointer: the map's centre, where P7 is (jsdom lays nothing out: 400 x 400 by style)
    const canvases = container.querySelectorAll('.leaflet-overlay-pane canvas');
    const top = canvases[canvases.length - 1]!;
    const where = { clientX: 200, clientY: 200 };
    await act(async () => {
      fireEvent.mouseDown(top, where);
      fireEvent.mouseUp(top, where);
      fireEvent.click(top, where);
    });
    const card = await screen.findByTestId('point-card');
    expect(card).toHaveTextContent('P7');
    expect(within(card).getByText('RTK float')).toHaveAttribute('data-tone', 'yellow');
  });
});

/** The survey map's vectors as survey-map.tsx puts them together: one renderer for the map, the points and the circles. */
function SurveyVectors({ renderer, points, rovers }: { renderer: L.Canvas; points: MapPoint[]; rovers: RoverView[] }) {
  return (
    <MapContainer center={[AT.latitude, AT.longitude]} zoom={20} preferCanvas renderer={renderer} style={{ width: 400, height: 400 }}>
      <PointsLayer points={points} unit="CM" renderer={renderer} />
      <AccuracyCircles rovers={rovers} unit="CM" />
    </MapContainer>
  );
}
