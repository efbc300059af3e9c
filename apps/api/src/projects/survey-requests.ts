import type { Agent } from 'supertest';
import { deviceCredentialEndpoints, exportEndpoints, pathFor, surveyEndpoints, type Endpoint } from '@smi/contracts';
import type { SurveyFixture } from './survey-fixtures.js';

/** Test helper: one valid request per survey endpoint, built for an account's own fixture objects. */

/** Every endpoint whose objects belong to one account: the survey data, its exports and the device credentials. */
export const ownedEndpoints = { ...surveyEndpoints, ...exportEndpoints, ...deviceCredentialEndpoints };
export type SurveyEndpointName = keyof typeof ownedEndpoints;
export interface SampleRequest {
  params: Record<string, string>;
  body?: Record<string, unknown>;
}

const point = (f: SurveyFixture) => ({ projectId: f.project._id, pointId: f.point._id });

// a Record over every endpoint name: a new endpoint without a sample does not type-check
export const SAMPLES: Record<SurveyEndpointName, (f: SurveyFixture) => SampleRequest> = {
  registerDevice: (f) => ({ params: { deviceId: f.freshCode }, body: { Name: 'New rover', Type: 'rover', Registered_User_Id: f.userId } }),
  getDevice: (f) => ({ params: { id: f.rover._id } }),
  checkDevice: (f) => ({ params: { deviceCode: f.rover.DeviceCode } }),
  addDevice: (f) => ({ params: { userId: f.userId }, body: { DeviceCode: f.spare.DeviceCode } }),
  removeDevice: (f) => ({ params: { userId: f.userId }, body: { deviceId: f.rover._id } }),
  connectedDevices: (f) => ({ params: { userId: f.userId } }),
  registeredDevices: (f) => ({ params: { userId: f.userId } }),
  deviceAlerts: (f) => ({ params: { userId: f.userId } }),
  baseStations: (f) => ({ params: { userId: f.userId } }),
  clientDevices: (f) => ({ params: { userId: f.userId } }),
  recentProjects: (f) => ({ params: { userId: f.userId } }),
  userProjects: (f) => ({ params: { userId: f.userId } }),
  createProject: (f) => ({
    params: {},
    body: { Name: 'Second site', Description: 'More', BaseStation: f.base._id, ClientDevices: [f.rover._id], UserId: f.userId },
  }),
  getProject: (f) => ({ params: { id: f.project._id } }),
  deleteProject: (f) => ({ params: { id: f.project._id } }),
  setProjectStatus: (f) => ({ params: { id: f.project._id }, body: { Status: 'Paused' } }),
  addSection: (f) => ({ params: { id: f.project._id }, body: { sectionName: 'North' } }),
  removeSection: (f) => ({ params: { id: f.project._id }, body: { sectionName: 'Kerb' } }),
  setBaseMode: (f) => ({ params: { id: f.project._id }, body: { baseMode: 'known' } }),
  setBaseLocation: (f) => ({ params: { id: f.project._id }, body: { baseLatitude: 6.9, baseLongitude: 79.8, baseMode: 'known' } }),
  listPoints: (f) => ({ params: { projectId: f.project._id } }),
  recordPoint: (f) => ({
    params: {},
    body: {
      ProjectId: f.project._id,
      Name: 'P2',
      Type: 'recorded',
      Latitude: 6.93,
      Longitude: 79.86,
      Accuracy: 'Medium',
      Timestamp: '2026-03-01T08:00:00.000Z',
      Device: 'rover',
      Section: 'default',
    },
  }),
  deletePoint: (f) => ({ params: point(f) }),
  renamePoint: (f) => ({ params: point(f), body: { Name: 'Renamed' } }),
  recodePoint: (f) => ({ params: point(f), body: { Code: 'EP1 ST' } }),
  editPointLine: (f) => ({ params: point(f), body: { Line: 'EP1', Edit: 'break' } }),
  setPointNote: (f) => ({ params: point(f), body: { Note: 'Kerb cracked' } }),
  listDeletedPoints: (f) => ({ params: { projectId: f.project._id } }),
  restorePoint: (f) => ({ params: { projectId: f.project._id, pointId: f.deletedPoint._id } }),
  pointChanges: (f) => ({ params: { projectId: f.project._id } }),
  listNotifications: (f) => ({ params: { userId: f.userId, count: '10' } }),
  listRecentNotifications: (f) => ({ params: { userId: f.userId } }),
  markNotificationRead: (f) => ({ body: { id: f.notification._id }, params: {} }),
  exportPoints: (f) => ({ params: { format: 'csv', projectId: f.project._id } }),
  newDeviceSecret: (f) => ({ params: { id: f.rover._id } }),
  newDeviceNtripPassword: (f) => ({ params: { id: f.rover._id } }),
  claimDevice: (f) => ({ params: { id: f.rover._id }, body: { activationKey: 'not-the-key' } }),
};

export function send(agent: Agent, endpoint: Endpoint, r: SampleRequest) {
  const req = agent[endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](pathFor(endpoint.path, r.params));
  return r.body === undefined ? req : req.send(r.body);
}
