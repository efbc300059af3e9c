import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BaseSetupView } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { BaseSetupsPanel } from './base-setups-panel';

const version = (v: number, over: Partial<BaseSetupView>): BaseSetupView => ({
  _id: `s${v}`, ProjectId: 'p1', SeriesId: 'a', Version: v, PreviousId: v > 1 ? `s${v - 1}` : null, Current: false, Source: 'rtcm', BaseDeviceId: 'b', X: 0, Y: 0, Z: 0,
  Latitude: 6.9271, Longitude: 79.8612, Height: 12.345, AntennaHeight: null, Datum: 'WGS84', SigmaH: null, SigmaV: null,
  StartedAt: '2026-03-01T08:00:00.000Z', EndedAt: null, CreatedBy: null, CreatedAt: '2026-03-01T08:00:00.000Z', Points: 0, ...over,
});

describe('the base setups panel', () => {
  it('lists every version newest first, what each came from, its points, and the one in force', async () => {
    const { client } = renderApp(<BaseSetupsPanel projectId="p1" />);
    client.setQueryData(['base-setups', 'p1'], [
      version(2, { Source: 'known', Current: true, Latitude: 6.92712, Height: 12, AntennaHeight: 1.5, Points: 3 }),
      version(1, { Points: 0 }),
    ]);
    const items = within(await screen.findByRole('list', { name: 'Base setup history' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Version 2 · Known positionIn force');
    expect(items[0]).toHaveTextContent('6.92712000, 79.86120000, h 12.000 m · antenna 1.500 m · WGS84');
    expect(items[0]).toHaveTextContent('3 points');
    expect(items[1]).toHaveTextContent('Version 1 · Broadcast (RTCM)');
    expect(within(items[1]!).queryByText('In force')).not.toBeInTheDocument();
  });
});
