import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS, type DeviceView, type UserSettings } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import type { LiveDevice } from '../live-merge';
import { LiveCanvas } from './live-canvas';

const device = (code: string, type: DeviceView['Type']): DeviceView => ({
  _id: code,
  Name: code === 'BASE-1' ? 'Base' : 'Rover A',
  DeviceCode: code,
  Type: type,
  Battery_Percentage: 80,
  Signal_Strength: 80,
  Status: true,
  Registered_Date: '2025-01-01T00:00:00.000Z',
  Last_Update: null,
  Registered_User_Id: 'u',
  Connected: true,
  Claimed: true,
  Last_Latitude: null,
  Last_Longitude: null,
  Last_Altitude: null,
  Last_Fix: null,
  Last_Satellites: null,
  Last_Hdop: null,
  Last_Accuracy: null,
});

const at = (d: DeviceView, latitude: number, longitude: number): LiveDevice => ({ device: d, battery: 80, signal: 80, status: 'online', position: { latitude, longitude }, live: true });

// 0.0009 degrees of latitude north of the base: about 100.1 m
const base = at(device('BASE-1', 'base'), 45, 7);
const rover = at(device('ROVER-1', 'rover'), 45.0009, 7);

function renderCanvas(unit: UserSettings['system']['distanceUnit']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['settings'], { ...DEFAULT_SETTINGS, system: { ...DEFAULT_SETTINGS.system, distanceUnit: unit } });
  renderApp(<LiveCanvas rovers={[rover]} base={base} feedText="Connected ✅" />, { client });
}

describe('the live positions canvas', () => {
  it('gives the rover-to-base distance in feet when the user chose FEET', () => {
    renderCanvas('FEET');
    expect(screen.getByTestId('distance-ROVER-1')).toHaveTextContent(/^328\.33 ft$/);
  });

  it('gives it in metres with the CM setting', () => {
    renderCanvas('CM');
    expect(screen.getByTestId('distance-ROVER-1')).toHaveTextContent(/^100 m$/);
  });
});
