import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TOLERANCES, EMPTY_PROGRESS, type OccupationView } from '@smi/contracts';
import { DEFAULT_CODE_LIST } from '@smi/feature-codes';
import { DEFAULT_MEASUREMENT } from '../../../lib/measurement-settings';
import { renderApp } from '../../../test/render-app';
import type { RecordSample, RoverView } from '../survey-model';
import { RecordPointDialog, type RecordDraft } from './record-point-dialog';

/** The Record a Point dialog starts a server occupation and shows its progress. */

const rover: RoverView = {
  id: 'dev-1',
  code: 'R-1',
  name: 'Rover One',
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
};
const sample: RecordSample = {
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
  reading: { latitude: 6.6001, longitude: 79.9001, altitude: 12, geoidSeparation: null },
  notReady: null,
  fixAgeMs: 400,
};

const occupation = (over: Partial<OccupationView> = {}, progress: Partial<OccupationView['Progress']> = {}): OccupationView => ({
  _id: 'occ-1',
  ProjectId: 'p-1',
  DeviceId: 'dev-1',
  DeviceCode: 'R-1',
  Method: 'topo',
  Name: 'P5',
  Section: 'default',
  Status: 'running',
  Reason: null,
  Tolerances: DEFAULT_TOLERANCES.topo,
  Progress: { ...EMPTY_PROGRESS, ...progress },
  PointId: null,
  ClientId: '6f1c1f7e-3b0a-4c8e-9f51-0d6c5b7f2a10',
  Created_On: '2025-05-01T10:00:00.000Z',
  ...over,
});

function open(props: Partial<Parameters<typeof RecordPointDialog>[0]> = {}) {
  const onSave = vi.fn(async (_d: RecordDraft) => {});
  const onAccept = vi.fn(async () => {});
  const onCancelOccupation = vi.fn(async () => {});
  const onRetry = vi.fn();
  const view = renderApp(
    <RecordPointDialog
      open
      onClose={vi.fn()}
      rovers={[rover]}
      sampleFor={() => sample}
      sections={['default', 'kerb']}
      lastSection={null}
      pointCount={4}
      unit="CM"
      onAddSection={vi.fn(async () => true)}
      onSave={onSave}
      measurement={DEFAULT_MEASUREMENT}
      onAccept={onAccept}
      onCancelOccupation={onCancelOccupation}
      onRetry={onRetry}
      {...props}
    />,
  );
  return { onSave, onAccept, onCancelOccupation, onRetry, view };
}

describe('Save in the Record a Point dialog', () => {
  it("hands over the project's default method (topo) and its antenna, 1.800 m vertical, keeping the dialog's fields", async () => {
    const { onSave } = open();
    const dialog = screen.getByRole('dialog', { name: 'Record a Point' });
    expect(within(dialog).getByLabelText('Method')).toHaveValue('topo');
    expect(within(dialog).getByTestId('record-antenna')).toHaveTextContent('1.800 m vertical to ARP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'P5', section: 'default', method: 'topo', antenna: expect.objectContaining({ Height: 1.8, HeightType: 'vertical', Reference: 'ARP' }) }),
    );
  }, 30_000);

  it('takes a changed antenna height for this occupation only, slant with its radius', async () => {
    const { onSave } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const height = screen.getByLabelText('Antenna height (m)');
    await userEvent.clear(height);
    await userEvent.type(height, '2.05');
    await userEvent.click(screen.getByRole('radio', { name: 'slant' }));
    await userEvent.type(screen.getByLabelText('Antenna radius (m)'), '0.08');
    await userEvent.selectOptions(screen.getByLabelText('Measured to'), 'Notch');
    await userEvent.selectOptions(screen.getByLabelText('Method'), 'control');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ method: 'control', antenna: expect.objectContaining({ Height: 2.05, HeightType: 'slant', Radius: 0.08, Reference: 'Notch' }) }));
  }, 30_000);

  it('asks the server what it will store with the antenna as it stands: the reading and the set-up, slant too', async () => {
    const sent: { Reading: object; Antenna: { Height: number; HeightType: string; Radius?: number } }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ success: true, Latitude: 6.6001, Longitude: 79.9001, EllipsoidalHeight: null, Altitude: 10.2, Correction: 'none', Setup: null, frame: null, coordinate: null }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    try {
      open({ projectId: 'p-1' });
      await screen.findByTestId('stored-latlon');
      expect(sent[0]).toEqual({ Reading: { Latitude: 6.6001, Longitude: 79.9001, Altitude: 12, GeoidSeparation: null }, Antenna: expect.objectContaining({ Height: 1.8, HeightType: 'vertical' }) });
      await userEvent.click(screen.getByRole('button', { name: 'Change' }));
      await userEvent.click(screen.getByRole('radio', { name: 'slant' }));
      await userEvent.type(screen.getByLabelText('Antenna radius (m)'), '0.08');
      await vi.waitFor(() => expect(sent.at(-1)!.Antenna).toMatchObject({ HeightType: 'slant', Radius: 0.08 }));
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000);

  it("takes a code from the project's list (completing, its attributes asked), attribute values and a note, and starts with the last code", async () => {
    const list = { ...DEFAULT_CODE_LIST, id: null, createdAt: null, updatedAt: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = String(url).endsWith('/code-list')
          ? { success: true, codeList: list }
          : { success: true, Latitude: 6.6001, Longitude: 79.9001, EllipsoidalHeight: null, Altitude: 10.2, Correction: 'none', Setup: null, frame: null, coordinate: null };
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    try {
      const { onSave } = open({ projectId: 'p-1', lastCode: 'FE' });
      const code = screen.getByLabelText('Code');
      expect(code).toHaveValue('FE');
      // the list's codes complete what is typed
      await vi.waitFor(() => expect(document.querySelectorAll('datalist option[value="TREE"]')).toHaveLength(1));
      await userEvent.clear(code);
      await userEvent.type(code, 'TREE');
      await userEvent.type(await screen.findByLabelText('Species'), 'Oak');
      await userEvent.selectOptions(screen.getByLabelText('Protected'), 'yes');
      await userEvent.type(screen.getByLabelText('Note'), 'By the gate');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ code: 'TREE', attributes: { TREE: { Species: 'Oak', Protected: 'yes' } }, note: 'By the gate' }));
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000);

  it('refuses an antenna height that is not a number, without sending', async () => {
    const { onSave } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.clear(screen.getByLabelText('Antenna height (m)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(await screen.findByText('Antenna height must be a number of metres from 0 to 100.')).toBeInTheDocument();
  }, 30_000);
});

describe('the occupation progress in the dialog', () => {
  it('shows the ring by the lesser of epochs and time, epochs used and rejected, the time, sigma H/V against the limits and the fix', () => {
    open({ occupation: occupation({}, { epochsUsed: 4, epochsRejected: 1, rejectedReasons: { 'not-fixed': 1 }, occupiedS: 2, elapsedS: 3.4, sigmaH: 0.0084, sigmaV: 0.0151, fix: 'rtk-fixed' }) });
    const progress = screen.getByTestId('occupation-progress');
    // 4 of 5 epochs is 80 %, 2 of 5 s is 40 %: the ring shows 40
    expect(within(progress).getByRole('progressbar', { name: 'Occupation progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('occupation-status')).toHaveTextContent('Measuring · topo');
    expect(screen.getByTestId('occupation-epochs')).toHaveTextContent('4 of 5 epochs used · 1 rejected');
    expect(screen.getByTestId('occupation-time')).toHaveTextContent('2 of 5 s counted · 3 s elapsed');
    expect(screen.getByTestId('occupation-sigma-h')).toHaveTextContent('0.8 cm (limit 2.0 cm)');
    expect(screen.getByTestId('occupation-sigma-v')).toHaveTextContent('1.5 cm (limit 3.0 cm)');
    expect(within(progress).getByTestId('fix-quality')).toHaveTextContent('RTK fixed');
    expect(screen.getByRole('list', { name: 'Rejected epochs' })).toHaveTextContent('Not RTK fixed: 1');
    expect(screen.queryByTestId('occupation-paused')).not.toBeInTheDocument();
    // the form's fields are not shown while it measures; Accept and Cancel are
    expect(screen.queryByLabelText('Point name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  }, 30_000);

  it('says what pauses it, in words with the limit', () => {
    open({ occupation: occupation({ Status: 'paused' }, { epochsUsed: 2, epochsRejected: 3, rejectedReasons: { 'correction-age': 3 }, pausedBy: 'correction-age', fix: 'rtk-fixed' }) });
    expect(screen.getByTestId('occupation-paused')).toHaveTextContent('Paused: Corrections older than 3 s: check the base and the corrections link');
    expect(screen.getByTestId('occupation-status')).toHaveTextContent('Paused · topo');
  }, 30_000);

  it('says what keeps it from finishing: a sigma over its limit, with the figures, in centimetres above a metre too', () => {
    const first = open({ occupation: occupation({}, { epochsUsed: 11, occupiedS: 8, elapsedS: 9, sigmaH: 0.042, sigmaV: 0.012, waitingFor: ['sigma-h'], fix: 'rtk-fixed' }) });
    expect(screen.getByTestId('occupation-blocking')).toHaveTextContent('Waiting: σH 4.2 cm over 2.0 cm: hold the pole still');
    // the ring turns amber as a pause does: it is not on its way
    expect(screen.getByRole('progressbar', { name: 'Occupation progress' }).querySelectorAll('circle')[1]).toHaveClass('stroke-amber-500');
    first.view.unmount();
    open({ occupation: occupation({}, { epochsUsed: 11, occupiedS: 8, sigmaH: 1.234, sigmaV: 2.5, waitingFor: ['sigma-h', 'sigma-v'], fix: 'rtk-fixed' }) });
    expect(screen.getByTestId('occupation-sigma-h')).toHaveTextContent('1.23 m (limit 2.0 cm)');
    expect(screen.getByTestId('occupation-sigma-v')).toHaveTextContent('2.50 m (limit 3.0 cm)');
    expect(screen.getByTestId('occupation-blocking')).toHaveTextContent('Waiting: σH 1.23 m over 2.0 cm, σV 2.50 m over 3.0 cm: hold the pole still');
  }, 30_000);

  it('while it only counts its epochs and seconds nothing is said to block it', () => {
    open({ occupation: occupation({}, { epochsUsed: 2, occupiedS: 1, sigmaH: 0.05, waitingFor: ['epochs', 'seconds'], fix: 'rtk-fixed' }) });
    expect(screen.queryByTestId('occupation-blocking')).not.toBeInTheDocument();
  }, 30_000);

  it('a continuous run is stopped with Stop (its points are kept), not Accept', async () => {
    const { onAccept } = open({ occupation: occupation({ Method: 'continuous', Tolerances: DEFAULT_TOLERANCES.continuous }, { epochsUsed: 40, points: 12 }) });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onAccept).toHaveBeenCalledOnce();
  }, 30_000);

  it('Accept stops early and Cancel cancels; Accept waits for a first good epoch', async () => {
    const first = open({ occupation: occupation({}, { epochsUsed: 0 }) });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    first.view.unmount();
    const { onAccept, onCancelOccupation } = open({ occupation: occupation({}, { epochsUsed: 3 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancelOccupation).toHaveBeenCalledOnce();
  }, 30_000);

  it('a failed occupation says why in words and offers another try', async () => {
    const old = open({ occupation: occupation({ Status: 'failed', Reason: 'paused over 60 s: not-fixed' }, { epochsRejected: 60 }) });
    // a reason stored before the reasons were words keeps its gate code: put in words here
    expect(screen.getByTestId('occupation-failed')).toHaveTextContent('Not recorded: paused over 60 s: Not RTK fixed');
    old.view.unmount();
    const reason = 'No epoch from the rover for 60 s (before that: σH 4.2 cm over 2.0 cm: hold the pole still)';
    const { onRetry } = open({ occupation: occupation({ Status: 'failed', Reason: reason }, { epochsUsed: 29, sigmaH: 0.042, waitingFor: ['sigma-h'] }) });
    expect(screen.getByTestId('occupation-failed')).toHaveTextContent(`Not recorded: ${reason}`);
    // a failed run is not "waiting"
    expect(screen.queryByTestId('occupation-blocking')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  }, 30_000);
});
