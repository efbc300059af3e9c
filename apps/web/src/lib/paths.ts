/**
 * Every route path of the app, in one place. Screens link with these helpers, never with
 * hand-written strings, so a path changes in one line.
 */
export const paths = {
  landing: '/',
  login: '/login',
  emailVerify: '/email-verify',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  devices: '/devices',
  device: (deviceId: string) => `/devices/${encodeURIComponent(deviceId)}`,
  registerDevice: (userId: string) => `/devices/register-device/${encodeURIComponent(userId)}`,
  projects: '/projects',
  newProject: (userId: string) => `/projects/${encodeURIComponent(userId)}/newproject`,
  project: (projectId: string) => `/projects/${encodeURIComponent(projectId)}`,
  pointSurvey: (projectId: string) => `/projects/pointsurvey/${encodeURIComponent(projectId)}`,
  takenPoints: (projectId: string) => `/projects/takenpoints/${encodeURIComponent(projectId)}`,
  stakeout: (projectId: string) => `/projects/stakeout/${encodeURIComponent(projectId)}`,
  design: (projectId: string) => `/projects/${encodeURIComponent(projectId)}/design`,
  settings: '/settings',
  codeLists: '/code-lists',
  members: '/workspace/members',
  audit: '/workspace/audit',
  notifications: '/notifications',
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
} as const;

/** The same routes as router patterns (react-router syntax). */
export const patterns = {
  device: '/devices/:deviceId',
  registerDevice: '/devices/register-device/:userId',
  newProject: '/projects/:userId/newproject',
  project: '/projects/:projectId',
  pointSurvey: '/projects/pointsurvey/:projectId',
  takenPoints: '/projects/takenpoints/:projectId',
  stakeout: '/projects/stakeout/:projectId',
  design: '/projects/:projectId/design',
  invitation: '/invitations/:token',
} as const;
