import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { projectFixture } from '../../projects/test-project';
import type { RecordSample, RoverView } from '../survey-model';
import type { RecordDraft } from './record-point-dialog';
import { SurveyControls } from './survey-controls';

const rover: RoverView = {
  id: 'r1',
  code: 'R-1',
  name: 'Rover One',
  status: 'online',
  battery: 90,
  signal: 90,
  position: { latitude: 6.6, longitude: 79.9 },
  rawPosition: null,
  live: true,
  fix: null,
  fixAgeMs: null,
  accuracyMetres: null,
};
const noData: RecordSample = {
  position: null,
  accuracy: null,
  gapMs: null,
  timestamp: null,
  fixType: null,
  satellites: null,
  hdop: null,
  accuracyMetres: null,
  verticalMetres: null,
  altitude: null,
  geoidSeparation: null,
  ellipsoidalHeight: null,
  notReady: 'no-fix',
  fixAgeMs: null,
};
const withData: RecordSample = { ...noData, notReady: null, position: { latitude: 6.6, longitude: 79.9 }, accuracy: 'Medium', timestamp: '2025-05-01T10:00:00.000Z' };

function controls(sample: RecordSample, points: { _id: string; Name: string; Created_On: string }[] = []) {
  const onRecord = vi.fn(async (_d: RecordDraft) => {});
  const onDiscard = vi.fn(async () => {});
  const props = {
    project: projectFixture({ Sections: ['default', 'kerb'] }),
    points,
    rovers: [rover],
    unit: 'CM' as const,
    onRecord,
    onDiscard,
    onAddSection: vi.fn(async () => true),
    onFilter: vi.fn(),
  };
  const view = renderApp(<SurveyControls {...props} sampleFor={() => sample} />);
  const rerender = (next: RecordSample) => view.rerender(<SurveyControls {...props} sampleFor={() => next} />);
  return { onRecord, onDiscard, rerender };
}

const recordButton = () => screen.getByRole('button', { name: 'Record a point' });
const touchDown = () => fireEvent.pointerDown(recordButton(), { pointerType: 'touch' });

describe('the record button', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a tap opens Record a Point', () => {
    controls(withData);
    fireEvent.click(recordButton());
    expect(screen.getByRole('dialog', { name: 'Record a Point' })).toBeInTheDocument();
  });

  it('holding 600 ms on a touch screen records at once with the defaults, without the dialog', async () => {
    const { onRecord } = controls(withData, [{ _id: 'a', Name: 'P1', Created_On: '2025-01-01' }]);
    touchDown();
    await act(async () => vi.advanceTimersByTime(599));
    expect(onRecord).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    fireEvent.pointerUp(recordButton());
    fireEvent.click(recordButton()); // the click after the release does not open the dialog
    expect(onRecord).toHaveBeenCalledWith(expect.objectContaining({ name: 'P2', section: 'default', rover }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a touch released before 600 ms is a tap', async () => {
    const { onRecord } = controls(withData);
    touchDown();
    await act(async () => vi.advanceTimersByTime(300));
    fireEvent.pointerUp(recordButton());
    fireEvent.click(recordButton());
    await act(async () => vi.advanceTimersByTime(1000));
    expect(onRecord).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Record a Point' })).toBeInTheDocument();
  });

  it('while holding-to-save waits for data the button spins and is disabled; data within 1.5 s is recorded', async () => {
    const { onRecord, rerender } = controls(noData);
    touchDown();
    await act(async () => vi.advanceTimersByTime(600));
    expect(recordButton()).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(800));
    rerender(withData);
    await act(async () => {});
    expect(onRecord).toHaveBeenCalledOnce();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(recordButton()).toBeEnabled();
  });

  it("without sensor data for 1.5 s it reports 'No sensor data - point not recorded' and stops", async () => {
    const { onRecord } = controls(noData);
    touchDown();
    await act(async () => vi.advanceTimersByTime(600));
    await act(async () => vi.advanceTimersByTime(1500));
    expect(onRecord).not.toHaveBeenCalled();
    expect(recordButton()).toBeEnabled();
    vi.useRealTimers();
    expect(await screen.findByText('No sensor data - point not recorded')).toBeInTheDocument();
  });
});

describe('discarding the last point', () => {
  it("says 'No recorded point to discard.' when there is none", async () => {
    controls(withData);
    fireEvent.click(screen.getByRole('button', { name: 'Discard last point' }));
    expect(await screen.findByText('No recorded point to discard.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks in the Confirm Action dialog, then discards the most recent point; Escape closes it', async () => {
    const { onDiscard } = controls(withData, [
      { _id: 'new', Name: 'P2', Created_On: '2025-01-02T00:00:00Z' },
      { _id: 'old', Name: 'P1', Created_On: '2025-01-01T00:00:00Z' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Discard last point' }));
    expect(screen.getByRole('dialog', { name: 'Confirm Action' })).toHaveTextContent('P2');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Discard last point' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await act(async () => {});
    expect(onDiscard).toHaveBeenCalledWith('new');
  });
});
