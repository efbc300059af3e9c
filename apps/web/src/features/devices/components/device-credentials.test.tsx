import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { renderApp } from '../../../test/render-app';
import { DeviceCredentials } from './device-credentials';

function renderPanel(brokerUrl: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['public-config'], { success: true, tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', brokerUrl });
  renderApp(<DeviceCredentials deviceId="d1" deviceCode="ROVER-7" />, { client });
}

describe('the MQTT credentials panel', () => {
  it('says where the device connects and its username before any secret is made', () => {
    renderPanel('mqtt://survey.example.com:1883');
    expect(screen.getByTestId('broker-url')).toHaveTextContent('mqtt://survey.example.com:1883');
    expect(screen.getByText('ROVER-7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate new secret' })).toBeEnabled();
  });

  it('says so when the server runs without its MQTT gateway', () => {
    renderPanel(null);
    expect(screen.getByTestId('broker-url')).toHaveTextContent('The MQTT gateway is not running');
  });
});
