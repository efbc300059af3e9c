import { canAll } from '../../../lib/can';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { NewProjectForm } from './new-project-form';

describe('the new project form for a newcomer', () => {
  it('links to Register New Device when there are no devices, besides the two notices', async () => {
    renderApp(<NewProjectForm can={canAll} userId="u-1" baseStations={[]} clientDevices={[]} onCreated={vi.fn()} />);
    expect(await screen.findByText('No base stations assigned to this user.')).toBeInTheDocument();
    const link = screen.getByText('Register New Device').closest('a')!;
    expect(link).toHaveAttribute('href', '/devices/register-device/u-1');
    expect(screen.getByTestId('needs-devices')).toHaveTextContent('A project needs a base station and at least one rover');
  }, 30_000);
  it('shows no such link once there are devices', () => {
    const device = { _id: 'd', Name: 'B', DeviceCode: 'B1' } as never;
    renderApp(<NewProjectForm can={canAll} userId="u-1" baseStations={[device]} clientDevices={[device]} onCreated={vi.fn()} />);
    expect(screen.queryByTestId('needs-devices')).not.toBeInTheDocument();
  }, 30_000);
});
