import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutoFixView } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { AutoFixSection, AutoFixStatus } from './auto-fix-section';

const view = (over: Partial<AutoFixView> = {}): AutoFixView => ({
  _id: '5b4d1c1e-0f3b-4d53-9a55-6f1a3c2b9e10',
  ProjectId: 'p1',
  BaseDeviceId: 'b1',
  DurationS: 300,
  Status: 'running',
  Reason: null,
  Epochs: 84,
  Outliers: 0,
  ElapsedS: 83,
  Latitude: 6.927101234,
  Longitude: 79.861204567,
  Height: 12.3456,
  SigmaH: 0.4123,
  SigmaV: 0.8034,
  SetupId: null,
  CreatedAt: '2026-11-24T06:00:00.000Z',
  FinishedAt: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('Auto Fix averaging in the Positioning Mode panel', () => {
  it('shows the progress of a running average: time of the set time, positions, sigma and the mean so far', () => {
    const onCancel = vi.fn();
    renderApp(<AutoFixStatus autoFix={view()} busy={false} onAccept={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('progressbar', { name: 'Averaging the base position' })).toHaveAttribute('aria-valuenow', '28');
    expect(screen.getByText('Averaging 1:23 of 5:00 · 84 positions · σH 0.412 m σV 0.803 m')).toBeInTheDocument();
    expect(screen.getByText('Mean so far 6.92710123, 79.86120457, h 12.346 m')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Cancel averaging' }).click();
    expect(onCancel).toHaveBeenCalled();
  });

  it('offers a finished average as the base coordinates', () => {
    const onAccept = vi.fn();
    renderApp(<AutoFixStatus autoFix={view({ Status: 'done', Epochs: 299, Outliers: 2, ElapsedS: 300 })} busy={false} onAccept={onAccept} onCancel={() => {}} />);
    expect(screen.getByText('Mean of 299 positions over 5:00 · σH 0.412 m σV 0.803 m (2 left out)')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Use as base coordinates' }).click();
    expect(onAccept).toHaveBeenCalled();
  });

  it('starts an average of the minutes typed, then accepts it and says what moved', async () => {
    const user = userEvent.setup();
    const sent: { method: string; url: string; body: unknown }[] = [];
    let latest: AutoFixView | null = null;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method: init.method ?? 'GET', url, body });
      const json = (data: unknown) => new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/base-setups/auto-fix') && init.method === 'POST') {
        latest = view({ Status: 'done', DurationS: body.DurationS, ElapsedS: body.DurationS, Epochs: 121 });
        return json({ success: true, autoFix: latest });
      }
      if (url.endsWith('/accept')) {
        return json({
          success: true,
          message: '2 points re-computed, shift dE +0.512 m dN -0.301 m dU +1.020 m',
          autoFix: { ...latest!, Status: 'accepted', SetupId: 's2' },
          setup: { _id: 's2', ProjectId: 'p1', SeriesId: 's', Version: 2, PreviousId: 's1', Current: true, Source: 'auto-fix', BaseDeviceId: 'b1', X: 1, Y: 2, Z: 3, Latitude: 6.9, Longitude: 79.8, Height: 12, AntennaHeight: null, Datum: 'WGS84', SigmaH: 0.41, SigmaV: 0.8, StartedAt: '2026-11-24T06:00:00.000Z', EndedAt: null, CreatedBy: null, CreatedAt: '2026-11-24T06:00:00.000Z', Points: 2 },
          recomputed: { Points: 2, ShiftE: 0.512, ShiftN: -0.301, ShiftU: 1.02, Message: '2 points re-computed, shift dE +0.512 m dN -0.301 m dU +1.020 m' },
        });
      }
      return json({ success: true, autoFix: latest });
    });
    renderApp(<AutoFixSection projectId="p1" />);
    const minutes = await screen.findByRole('textbox', { name: 'Minutes' });
    expect(minutes).toHaveValue('5');
    await user.clear(minutes);
    await user.type(minutes, '2');
    await user.click(screen.getByRole('button', { name: 'Start averaging' }));
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/projects/p1/base-setups/auto-fix', body: { DurationS: 120 } });
    await user.click(await screen.findByRole('button', { name: 'Use as base coordinates' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 points re-computed, shift dE +0.512 m dN -0.301 m dU +1.020 m');
    expect(screen.getByText('These are the base coordinates in force.')).toBeInTheDocument();
  });
});
