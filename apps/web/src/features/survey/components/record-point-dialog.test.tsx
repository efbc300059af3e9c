import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_MEASUREMENT } from '../../../lib/measurement-settings';
import { renderApp } from '../../../test/render-app';
import type { RecordSample, RoverView } from '../survey-model';
import { NO_DEVICES, RecordPointDialog, type RecordDraft } from './record-point-dialog';

const rover = (code: string, name: string): RoverView => ({
  id: code,
  code,
  name,
  status: 'online',
  battery: 80,
  signal: 70,
  position: { latitude: 6.6, longitude: 79.9 },
  rawPosition: null,
  live: true,
  fix: null,
  fixAgeMs: 400,
  accuracyMetres: 0.02,
  phoneOffline: false,
});

const sample = (over: Partial<RecordSample> = {}): RecordSample => ({
  position: { latitude: 6.6001, longitude: 79.9001 },
  correction: 'none',
  accuracy: 'High',
  gapMs: 400,
  timestamp: '2025-05-01T10:00:00.000Z',
  fixType: 'rtk-fixed',
  satellites: 17,
  hdop: 0.7,
  accuracyMetres: 0.014,
  verticalMetres: 0.03,
  altitude: 12,
  geoidSeparation: null,
  ellipsoidalHeight: null,
  notReady: null,
  fixAgeMs: 400,
  ...over,
});

function open(props: Partial<Parameters<typeof RecordPointDialog>[0]> = {}) {
  const onSave = vi.fn(async (_d: RecordDraft) => {});
  const onAddSection = vi.fn(async () => true);
  const onClose = vi.fn();
  renderApp(
    <RecordPointDialog
      open
      onClose={onClose}
      rovers={[rover('R-0', 'N/A'), rover('R-1', 'Rover One')]}
      sampleFor={() => sample()}
      sections={['default', 'kerb']}
      lastSection={null}
      pointCount={4}
      unit="CM"
      onAddSection={onAddSection}
      onSave={onSave}
      measurement={DEFAULT_MEASUREMENT}
      {...props}
    />,
  );
  return { onSave, onAddSection, onClose };
}

describe('Record a Point', () => {
  it("offers P{n+1}, the first section and the first device with a name, with the accuracy line and the rover's fix", () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Record a Point' })).toBeInTheDocument();
    expect(screen.getByLabelText('Point name')).toHaveValue('P5');
    expect(screen.getByLabelText('Section')).toHaveValue('default');
    expect(screen.getByLabelText('Client device')).toHaveValue('R-1');
    // the headline is the fix and its measured precision, in the fix's colour
    const headline = screen.getByTestId('quality-headline');
    expect(headline).toHaveTextContent('RTK fixed ± 1.4 cm');
    expect(headline).toHaveAttribute('data-tone', 'green');
    // the spec's grade, in its colours, under it and named for what it is: the rover/base timing
    const line = screen.getByTestId('accuracy-line');
    expect(line).toHaveTextContent('Rover/base timing: High · gap 0.4 s');
    expect(line.querySelector('.text-emerald-700')).toHaveTextContent('High');
    expect(headline.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('17')).toBeInTheDocument();
  });

  it("flags a point corrected from the base's NMEA position in what will be stored, and says when from the broadcast one", () => {
    open({ sampleFor: () => sample({ correction: 'base-nmea' }) });
    expect(screen.getByTestId('stored-correction')).toHaveTextContent("Corrected from the base's NMEA position: the base has broadcast no 1005/1006 position");
    cleanup();
    open({ sampleFor: () => sample({ correction: 'broadcast' }) });
    expect(screen.getByTestId('stored-correction')).toHaveTextContent('Known base: corrected from the position the base broadcasts (RTCM 1005/1006).');
    cleanup();
    open();
    expect(screen.queryByTestId('stored-correction')).not.toBeInTheDocument();
  });

  it('keeps the last chosen section', () => {
    open({ lastSection: 'kerb' });
    expect(screen.getByLabelText('Section')).toHaveValue('kerb');
  });

  it("reads 'Saving...' and is disabled while saving, then hands over the draft", async () => {
    const user = userEvent.setup();
    let done!: () => void;
    const onSave = vi.fn(() => new Promise<void>((ok) => (done = ok)));
    open({ onSave });
    await user.clear(screen.getByLabelText('Point name'));
    await user.type(screen.getByLabelText('Point name'), 'Kerb 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Kerb 1', section: 'default', rover: expect.objectContaining({ code: 'R-1' }) }));
    done();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('cannot save before sensor data has arrived', () => {
    open({ sampleFor: () => sample({ position: null, accuracy: null, gapMs: null, notReady: 'no-fix' }) });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('Waiting for sensor data from the rover…')).toBeInTheDocument();
    expect(screen.getByTestId('accuracy-line')).toHaveTextContent('Rover/base timing: Unknown');
  });

  it("refuses a rover whose last fix is stale, with its message and the fix's age", () => {
    open({ sampleFor: () => sample({ position: null, notReady: 'stale-fix', fixAgeMs: 41_500 }) });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const why = screen.getByTestId('record-not-ready');
    expect(why).toHaveTextContent('No sensor data available to record a point.');
    expect(why).toHaveTextContent('Rover One has not sent a fix for 41 s');
    expect(screen.queryByTestId('stored-coordinate')).not.toBeInTheDocument();
    // never a green "RTK fixed" above it: the headline says the fix is stale, the last figures greyed with their age
    const headline = screen.getByTestId('quality-headline');
    expect(headline).toHaveAttribute('data-tone', 'grey');
    expect(headline).toHaveTextContent('Stale: no fix for 41 s');
    expect(screen.getByTestId('quality-last')).toHaveTextContent('last: RTK fixed ± 1.4 cm, 41 s ago');
    expect(screen.getByTestId('quality-last')).toHaveClass('text-slate-500');
    expect(screen.getByTestId('accuracy-line').querySelector('[data-tone]')).toHaveAttribute('data-tone', 'grey');
    expect(document.querySelector('.text-emerald-700')).toBeNull();
  });

  it('says the phone is offline, not that the rover is silent, and shows nothing as live', () => {
    open({ sampleFor: () => sample({ position: null, notReady: 'offline', fixAgeMs: 12_000 }) });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByTestId('quality-headline')).toHaveTextContent('This phone is offline');
    expect(screen.getByTestId('record-not-ready')).toHaveTextContent('This phone is offline: nothing from the rovers reaches it now.');
    expect(screen.getByTestId('record-not-ready')).not.toHaveTextContent('has not sent');
    expect(document.querySelector('.text-emerald-700')).toBeNull();
  });

  it('a float rover: the headline says RTK float with its ± in amber, above the green timing grade', () => {
    open({ sampleFor: () => sample({ fixType: 'rtk-float', accuracyMetres: 0.149 }) });
    const headline = screen.getByTestId('quality-headline');
    expect(headline).toHaveTextContent('RTK float ± 14.9 cm');
    expect(headline).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByTestId('accuracy-line')).toHaveTextContent('Rover/base timing: High');
  });

  it('shows the coordinate it will store: lat/lon, UTM easting/northing and height', () => {
    // cs2cs +proj=longlat +datum=WGS84 +to +proj=utm +zone=44: 79.968074 6.615 -> 385925.8096 731307.1399
    // the height shown is the mark's (the receiver's less the antenna: record-occupation.test.tsx checks the reduction);
    // with a 0 m antenna it is the receiver's own
    open({
      sampleFor: () => sample({ position: { latitude: 6.615, longitude: 79.968074 }, altitude: 12.3456 }),
      measurement: { ...DEFAULT_MEASUREMENT, Antenna: { ...DEFAULT_MEASUREMENT.Antenna, Height: 0 } },
    });
    expect(screen.getByTestId('stored-latlon')).toHaveTextContent('6.615000, 79.968074');
    expect(screen.getByTestId('stored-utm')).toHaveTextContent('E 385925.810 m, N 731307.140 m');
    expect(screen.getByText('UTM 44N')).toBeInTheDocument();
    expect(screen.getByTestId('stored-height')).toHaveTextContent('12.346 m above mean sea level');
  });

  it('starts with focus on the name field, and Enter saves', async () => {
    const user = userEvent.setup();
    const { onSave, onClose } = open();
    expect(screen.getByLabelText('Point name')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'P5' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers a name no point has, and refuses (Save disabled, the reason said) a typed one that exists', async () => {
    const user = userEvent.setup();
    // 4 points left after deleting P2 of P1..P5: P5 is taken
    const { onSave } = open({ pointNames: ['P1', 'P3', 'P4', 'P5'] });
    expect(screen.getByLabelText('Point name')).toHaveValue('P6');
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Point name'));
    await user.type(screen.getByLabelText('Point name'), 'P3 ');
    expect(screen.getByRole('alert')).toHaveTextContent('A point named “P3” already exists in this project. Choose another name.');
    expect(screen.getByLabelText('Point name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Point name'), 'a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'P3 a' }));
  });

  it("continues the crew's numbering from the last point made: CP-1 -> CP-2", () => {
    open({ pointCount: 1, pointNames: ['CP-1'], lastName: 'CP-1' });
    expect(screen.getByLabelText('Point name')).toHaveValue('CP-2');
  });

  it('says to connect a device when the project has none', () => {
    open({ rovers: [] });
    expect(screen.getByRole('alert')).toHaveTextContent(NO_DEVICES);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("adds a section through 'Add new section...', selects it; a name already there is refused", async () => {
    const user = userEvent.setup();
    const { onAddSection } = open();
    await user.selectOptions(screen.getByLabelText('Section'), 'Add new section...');
    await user.type(screen.getByLabelText('Enter new section name:'), ' kerb ');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Section already exists')).toBeInTheDocument();
    expect(onAddSection).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Enter new section name:'));
    await user.type(screen.getByLabelText('Enter new section name:'), ' north wall {Enter}');
    expect(onAddSection).toHaveBeenCalledWith('north wall');
    await waitFor(() => expect(screen.queryByLabelText('Enter new section name:')).not.toBeInTheDocument());
  });

  it('Escape and Discard close it', async () => {
    const user = userEvent.setup();
    const { onClose } = open();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
