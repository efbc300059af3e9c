import { authEndpoints, userEndpoints } from './auth-endpoints.js';
import type { Endpoint } from './endpoint.js';
import { exportEndpoints } from './exports.js';
import { surveyEndpoints } from './survey.js';

/** Every endpoint of the API, by name. Each resource file adds its own table here. */
export const endpoints = {
  ...authEndpoints,
  ...userEndpoints,
  ...exportEndpoints,
  ...surveyEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
