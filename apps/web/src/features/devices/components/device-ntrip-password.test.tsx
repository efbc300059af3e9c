import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { DeviceNtripPassword } from './device-ntrip-password';

afterEach(() => vi.unstubAllGlobals());

describe('the NTRIP password panel', () => {
  it('says the caster takes the MQTT secret until one is made, then shows the new one once, after asking', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ success: true, username: 'BASE-7', password: 'p4ssw0rd-for-ntrip', message: 'New NTRIP password created. It is shown only once.' }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderApp(<DeviceNtripPassword deviceId="d1" deviceCode="BASE-7" type="base" />);
    expect(screen.getByText('The MQTT secret, until you generate one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate NTRIP password' }));
    expect(fetch).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByTestId('device-ntrip-password')).toHaveTextContent('p4ssw0rd-for-ntrip');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/devices/d1/ntrip-password');
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
  });
});
