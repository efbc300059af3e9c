import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { renderApp } from '../../../test/render-app';
import { DeviceActivation } from './device-activation';
import { DeviceCredentials } from './device-credentials';

afterEach(() => vi.unstubAllGlobals());

describe('activating a device with its activation key (decision 027)', () => {
  it("reads 'Activating...' while busy, sends the trimmed key once, and says it worked", async () => {
    const user = userEvent.setup();
    let settle!: (m: string) => void;
    const activate = vi.fn(() => new Promise<string>((ok) => (settle = ok)));
    render(<DeviceActivation activate={activate} />);
    await user.type(screen.getByPlaceholderText('Activation key'), '  K3y-From-The-Label  ');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const busy = screen.getByRole('button', { name: 'Activating...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(activate).toHaveBeenCalledOnce();
    expect(activate).toHaveBeenCalledWith('K3y-From-The-Label');
    settle('Device activated');
    expect(await screen.findByRole('status')).toHaveTextContent('Device activated');
  });

  it('asks for a key before calling the server, and shows the server\'s refusal under the field', async () => {
    const user = userEvent.setup();
    const activate = vi.fn(async () => {
      throw new Error('Wrong activation key');
    });
    render(<DeviceActivation activate={activate} />);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the activation key');
    expect(activate).not.toHaveBeenCalled();
    await user.type(screen.getByPlaceholderText('Activation key'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong activation key');
    expect(screen.getByPlaceholderText('Activation key')).toHaveValue('guess');
  });
});

describe('the credentials panel of a device not activated yet', () => {
  function renderPanel(claimed: boolean) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['public-config'], { success: true, tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', brokerUrl: 'mqtt://survey.example.com:1883' });
    renderApp(<DeviceCredentials deviceId="d1" deviceCode="ROVER-7" claimed={claimed} />, { client });
  }

  it('offers no secret, only the activation, and posts the key to the claim call', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Wrong activation key' }), { status: 400 }));
    vi.stubGlobal('fetch', fetch);
    renderPanel(false);
    expect(screen.queryByRole('button', { name: 'Generate new secret' })).not.toBeInTheDocument();
    expect(screen.getByText('None until the device is activated.')).toBeInTheDocument();
    expect(screen.getByText('ROVER-7')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Activation key'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong activation key');
    expect(fetch).toHaveBeenCalledWith('/api/devices/d1/claim', expect.objectContaining({ method: 'POST', body: JSON.stringify({ activationKey: 'abc' }) }));
  });

  it('keeps the secret button for an activated device, with no activation form', () => {
    renderPanel(true);
    expect(screen.getByRole('button', { name: 'Generate new secret' })).toBeEnabled();
    expect(screen.queryByPlaceholderText('Activation key')).not.toBeInTheDocument();
  });
});
