import { describe, expect, it } from 'vitest';
import { recordPointBody, type DeviceView } from '@smi/contracts';
import { testReading } from '@smi/contracts/testing';
import { projectFixture } from '../projects/test-project';
import { recordBody } from './record-body';
import { baseView, recordSample, roverView } from './survey-model';

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const clock = { nowMs: T0 + 500, samplingIntervalS: 1 };

const rover: DeviceView = {
  _id: 'id-R1',
  Name: 'Rover One',
  DeviceCode: 'R1',
  Type: 'rover',
  Battery_Percentage: null,
  Signal_Strength: null,
  Status: true,
  Registered_Date: at(0),
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
};
const base = [testReading('B1', { deviceType: 'base', timestamp: at(0), latitude: 6.6, longitude: 79.9 })];

/** The body sent for a rover whose newest GGA says these heights. */
function bodyFor(fields: Parameters<typeof testReading>[1]) {
  const project = projectFixture();
  const view = roverView(rover, [testReading('R1', { timestamp: at(0), ...fields })], clock);
  const sample = recordSample(view, baseView(project, base, clock), project);
  return recordBody(project._id, { name: 'P1', section: 'default', rover: view, sample }, '3b241101-e2bb-4255-8caf-4136c566a962');
}

describe('the body of a point recorded on the web', () => {
  it("carries the GGA's altitude, its geoid separation and the ellipsoidal height h = H + N", () => {
    const body = bodyFor({ altitude: 826.56, geoidSeparation: 44.866 });
    expect(body).toMatchObject({ Altitude: 826.56, GeoidSeparation: 44.866, EllipsoidalHeight: 871.426 });
    // and the server's own schema takes it as it is
    const parsed = recordPointBody.parse(body);
    expect(parsed).toMatchObject({ Altitude: 826.56, GeoidSeparation: 44.866, EllipsoidalHeight: 871.426, FixType: 'rtk-fixed', Latitude: 6.615 });
  });

  it('takes a negative geoid separation (most of the world outside the tropics) as it is', () => {
    expect(bodyFor({ altitude: 12.345, geoidSeparation: -17 })).toMatchObject({ Altitude: 12.345, GeoidSeparation: -17, EllipsoidalHeight: -4.655 });
  });

  it('invents no height: without a geoid separation only the altitude is sent, without an altitude none', () => {
    expect(bodyFor({ altitude: 12.3 })).toMatchObject({ Altitude: 12.3, GeoidSeparation: null, EllipsoidalHeight: null });
    expect(bodyFor({ altitude: 'N/A', geoidSeparation: 30.1 })).toMatchObject({ Altitude: null, GeoidSeparation: 30.1, EllipsoidalHeight: null });
    expect(recordPointBody.safeParse(bodyFor({ altitude: 12.3 })).success).toBe(true);
  });

  it('is not made without a position to record', () => {
    const project = projectFixture();
    const sample = recordSample(undefined, baseView(project, base, clock), project);
    const view = roverView(rover, [], clock);
    expect(recordBody(project._id, { name: 'P1', section: 'default', rover: view, sample }, '3b241101-e2bb-4255-8caf-4136c566a962')).toBeNull();
  });
});
