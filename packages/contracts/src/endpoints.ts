import { authEndpoints, userEndpoints } from './auth-endpoints.js';
import type { Endpoint } from './endpoint.js';
import { deviceCredentialEndpoints } from './device-credentials.js';
import { liveEndpoints } from './live.js';
import { exportEndpoints } from './exports.js';
import { surveyEndpoints } from './survey.js';
import { publicConfigEndpoints } from './public-config.js';
import { occupationEndpoints, pointAntennaEndpoint } from './occupations.js';
import { autoFixEndpoints, baseSetupEndpoints } from './base-setups.js';
import { reportEndpoints } from './report.js';
import { crsEndpoints } from './crs.js';
import { recordPreviewEndpoint } from './record-preview.js';
import { codeListEndpoints } from './code-lists.js';
import { designEndpoints } from './design.js';
import { stakeEndpoints } from './stake.js';
import { cogoEndpoints } from './cogo.js';
import { lineworkEndpoints } from './linework.js';
import { ntripEndpoints, ntripUserEndpoints } from './ntrip.js';
import { apiDescriptionEndpoints } from './api-description.js';
import { workspaceEndpoints } from './workspaces.js';
import { photoEndpoints } from './photos.js';
import { auditEndpoints } from './audit.js';

/** Every endpoint of the API, by name. Each resource file adds its own table here. */
export const endpoints = {
  ...authEndpoints,
  ...userEndpoints,
  ...exportEndpoints,
  ...surveyEndpoints,
  ...deviceCredentialEndpoints,
  ...liveEndpoints,
  ...publicConfigEndpoints,
  ...occupationEndpoints,
  changePointAntenna: pointAntennaEndpoint,
  recordPreview: recordPreviewEndpoint,
  ...baseSetupEndpoints,
  ...autoFixEndpoints,
  ...reportEndpoints,
  ...crsEndpoints,
  ...codeListEndpoints,
  ...designEndpoints,
  ...stakeEndpoints,
  ...cogoEndpoints,
  ...lineworkEndpoints,
  ...ntripEndpoints,
  ...ntripUserEndpoints,
  ...apiDescriptionEndpoints,
  ...workspaceEndpoints,
  ...photoEndpoints,
  ...auditEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
