/** The survey data resources (devices, projects, points, notifications) and their endpoint tables, as one export. */
import { deviceEndpoints } from './devices.js';
import { notificationEndpoints } from './notifications.js';
import { pointEndpoints } from './points.js';
import { projectEndpoints } from './projects.js';

export * from './devices.js';
export * from './projects.js';
export * from './points.js';
export * from './notifications.js';

export const surveyEndpoints = { ...deviceEndpoints, ...projectEndpoints, ...pointEndpoints, ...notificationEndpoints };
