import { z } from 'zod';
import { id } from './common.js';
import { deviceView } from './devices.js';
import { endpoint } from './endpoint.js';
import { caseless, isoDate, latitude, longitude, optionalText, requiredText } from './survey-fields.js';

export const PROJECT_STATUSES = ['Active', 'Paused', 'Completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const BASE_MODES = ['known', 'auto'] as const;
export type BaseMode = (typeof BASE_MODES)[number];
export const SECTION_NAME_MAX = 100;
export const CLIENT_DEVICES_MAX = 50;

export const AUTO_MODE_LOCATION_MESSAGE = 'Base location cannot be updated in Auto Fix mode.';

/** A section name: trimmed, non-empty. */
export const sectionName = requiredText(SECTION_NAME_MAX, 'sectionName is required');

export const createProjectBody = z.strictObject({
  Name: requiredText(200, 'Name is required'),
  Description: optionalText(2000).default(''),
  BaseStation: z.uuid({ message: 'Select a base station' }),
  ClientDevices: z
    .array(id, { message: 'must be a list of device ids' })
    .max(CLIENT_DEVICES_MAX, { message: `at most ${CLIENT_DEVICES_MAX} client devices` })
    .default([]),
  /** The web client sends the signed-in user's id; absent means the same. */
  UserId: id.optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;

export const projectStatusBody = z.strictObject({ Status: caseless(PROJECT_STATUSES, 'Status must be Active, Paused or Completed') });
export const sectionBody = z.strictObject({ sectionName });
export const baseModeBody = z.strictObject({ baseMode: caseless(BASE_MODES, 'baseMode must be known or auto') });
/**
 * Coordinates of a known base. The stored mode must be 'known', or the body may say baseMode 'known' to switch
 * and set the position in one write (the web keeps the Known choice local until the coordinates are saved).
 */
export const baseLocationBody = z.strictObject({
  baseLatitude: latitude,
  baseLongitude: longitude,
  baseMode: caseless(BASE_MODES, 'baseMode must be known or auto').optional(),
});

/** A project as the API answers it (the original field names; the base fields in both spellings clients use). */
export const projectView = z.object({
  _id: z.string(),
  Name: z.string(),
  Description: z.string(),
  UserId: z.string(),
  /** The base station's device _id (null once that device is gone). */
  BaseStation: z.string().nullable(),
  BaseStationDevice: deviceView.nullable(),
  ClientDevices: z.array(deviceView),
  Status: z.enum(PROJECT_STATUSES),
  Sections: z.array(z.string()),
  BaseMode: z.enum(BASE_MODES),
  baseMode: z.enum(BASE_MODES),
  BaseLatitude: z.number().nullable(),
  baseLatitude: z.number().nullable(),
  BaseLongitude: z.number().nullable(),
  baseLongitude: z.number().nullable(),
  Created_On: isoDate,
  Last_Modified: isoDate,
  Total_Points: z.number(),
});
export type ProjectView = z.infer<typeof projectView>;

export const projectReply = z.object({ success: z.literal(true), message: z.string().optional(), project: projectView });
export const projectsReply = z.object({ success: z.literal(true), projects: z.array(projectView) });
export const createProjectReply = projectReply.extend({ _id: z.string() });
export const sectionsReply = z.object({ success: z.literal(true), message: z.string(), Sections: z.array(z.string()) });

const byId = z.strictObject({ id });
const byUser = z.strictObject({ userId: id });

export const projectEndpoints = {
  recentProjects: endpoint({ method: 'GET', path: '/api/projects/recentprojects/:userId', access: 'verified', permission: 'read', params: byUser }),
  userProjects: endpoint({ method: 'GET', path: '/api/projects/user/:userId', access: 'verified', permission: 'read', params: byUser }),
  createProject: endpoint({ method: 'POST', path: '/api/projects', access: 'verified', permission: 'record', body: createProjectBody }),
  getProject: endpoint({ method: 'GET', path: '/api/projects/:id', access: 'verified', permission: 'read', params: byId }),
  deleteProject: endpoint({ method: 'DELETE', path: '/api/projects/:id', access: 'verified', permission: 'manage', params: byId }),
  setProjectStatus: endpoint({ method: 'PUT', path: '/api/projects/status/:id', access: 'verified', permission: 'manage', params: byId, body: projectStatusBody }),
  addSection: endpoint({ method: 'PUT', path: '/api/projects/sections/:id', access: 'verified', permission: 'record', params: byId, body: sectionBody }),
  removeSection: endpoint({ method: 'DELETE', path: '/api/projects/sections/:id', access: 'verified', permission: 'manage', params: byId, body: sectionBody }),
  setBaseMode: endpoint({ method: 'PUT', path: '/api/projects/basemode/:id', access: 'verified', permission: 'record', params: byId, body: baseModeBody }),
  setBaseLocation: endpoint({
    method: 'PUT',
    path: '/api/projects/baselocation/:id',
    access: 'verified', permission: 'record',
    params: byId,
    body: baseLocationBody,
  }),
};
