import { canAll } from '../../../lib/can';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { measurementSettings } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { MeasurementPanel } from './measurement-panel';

const PROJECT = '5f0c4a52-9d7e-4a55-9a43-3b1c2f1e0a01';

describe('the project measurement settings', () => {
  let put: unknown[] = [];
  beforeEach(() => {
    put = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (!url.endsWith(`/api/projects/${PROJECT}/measurement-settings`)) return Response.json({ success: false, message: 'no' }, { status: 404 });
        if (init.method === 'PUT') {
          const body = JSON.parse(init.body as string);
          put.push(body);
          return Response.json({ success: true, settings: body });
        }
        return Response.json({ success: true, settings: measurementSettings.parse({ Tolerances: { topo: { minEpochs: 8 } } }) });
      }),
    );
  }, 30_000);
  afterEach(() => vi.unstubAllGlobals());

  it("shows the project's figures over the defaults and saves the method, a tolerance in cm, float, the antenna and the alert", async () => {
    renderApp(<MeasurementPanel can={canAll} projectId={PROJECT} />);
    expect(await screen.findByLabelText('Save measures with')).toHaveValue('topo');
    expect(screen.getByLabelText('Minimum epochs')).toHaveValue(8);
    expect(screen.getByLabelText('σH limit (cm)')).toHaveValue(2);
    expect(screen.getByLabelText('Antenna height (m)')).toHaveValue(1.8);
    await userEvent.selectOptions(screen.getByLabelText('Save measures with'), 'control');
    const sigma = screen.getByLabelText('σH limit (cm)');
    await userEvent.clear(sigma);
    await userEvent.type(sigma, '1.5');
    // an empty limit is no limit
    await userEvent.clear(screen.getByLabelText('Max PDOP'));
    await userEvent.click(screen.getByLabelText('Allow RTK float (every point so measured is flagged)'));
    await userEvent.clear(screen.getByLabelText('Antenna height (m)'));
    await userEvent.type(screen.getByLabelText('Antenna height (m)'), '2');
    await userEvent.click(screen.getByLabelText('Sound (beep)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save measurement settings' }));
    expect(await screen.findByText('Measurement settings saved')).toBeInTheDocument();
    const body = measurementSettings.parse(put[0]);
    expect(body.DefaultMethod).toBe('control');
    expect(body.Tolerances.topo).toMatchObject({ minEpochs: 8, maxPdop: null, allowFloat: true });
    expect(body.Tolerances.topo!.sigmaH).toBeCloseTo(0.015, 12);
    expect(body.Tolerances.rapid).toMatchObject({ allowFloat: true });
    expect(body.Antenna).toMatchObject({ Height: 2, HeightType: 'vertical' });
    expect(body.Alerts).toEqual({ Sound: false, Vibration: true });
  }, 30_000);

  it('refuses a required figure left empty, without saving', async () => {
    renderApp(<MeasurementPanel can={canAll} projectId={PROJECT} />);
    await userEvent.clear(await screen.findByLabelText('Minimum epochs'));
    await userEvent.click(screen.getByRole('button', { name: 'Save measurement settings' }));
    expect(await screen.findByText('topo: Minimum epochs must be a number of 0 or more.')).toBeInTheDocument();
    expect(put).toEqual([]);
  }, 30_000);
});
