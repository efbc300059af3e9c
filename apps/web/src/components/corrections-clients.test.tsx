import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../test/render-app';
import { CorrectionsClients } from './corrections-clients';

function reply(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json(body)));
}
afterEach(() => vi.unstubAllGlobals());

describe('who receives a base\'s corrections', () => {
  it('lists each rover with its name, NTRIP or MQTT and the age of its corrections, old ones marked', async () => {
    reply({
      success: true,
      reporting: true,
      clients: [
        { who: 'R-1', name: 'Rover North', via: 'mqtt', since: '2026-11-24T06:00:00.000Z', ageS: 0.8 },
        { who: 'R-2', name: 'Rover South', via: 'ntrip', since: '2026-11-24T06:00:00.000Z', ageS: 12.3 },
        { who: 'ntrip-0123456789', name: null, via: 'ntrip', since: '2026-11-24T06:00:00.000Z', ageS: null },
      ],
    });
    renderApp(<CorrectionsClients of={{ device: 'b1' }} />);
    const list = await screen.findByRole('list', { name: 'Receiving corrections' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Rover NorthR-1mqtt0.8 s', 'Rover SouthR-2ntrip12.3 s', 'ntrip-0123456789ntripnothing yet']);
    expect(within(rows[0]!).getByText('0.8 s')).toHaveClass('text-emerald-700');
    expect(within(rows[1]!).getByText('12.3 s')).toHaveClass('text-amber-700');
  });

  it('says when nobody receives them, and when the gateway does not report', async () => {
    reply({ success: true, reporting: true, clients: [] });
    const { unmount } = renderApp(<CorrectionsClients of={{ device: 'b1' }} />);
    expect(await screen.findByText('No rover is receiving corrections')).toBeInTheDocument();
    unmount();
    reply({ success: true, reporting: false, clients: [] });
    renderApp(<CorrectionsClients of={{ project: 'p2' }} />);
    expect(await screen.findByText('The MQTT gateway is not running')).toBeInTheDocument();
  });
});
