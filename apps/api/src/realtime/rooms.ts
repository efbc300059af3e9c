import { SOCKET_EVENTS } from '@smi/contracts';

/** The three ways to watch a device, each a room per device code, each with its event. */
export const ROLES = {
  data: SOCKET_EVENTS.deviceData,
  live: SOCKET_EVENTS.live,
  corr: SOCKET_EVENTS.corrections,
} as const;
export type Role = keyof typeof ROLES;

export const roomOf = (role: Role, code: string) => `${role}:${code}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Every member's socket in the workspace they work in: the owner's events (occupations, linework) go here. */
export const workspaceRoom = (workspaceId: string) => `workspace:${workspaceId}`;

/** Every socket watching a project's points (decision 073), joined only after the membership check. */
export const projectRoom = (projectId: string) => `project:${projectId}`;

/** A device room's parts, or null for any other room (the socket's own, the user's). */
export function parseRoom(room: string): { role: Role; code: string } | null {
  const i = room.indexOf(':');
  const role = room.slice(0, i);
  if (i < 0 || !(role in ROLES) || role === 'user') return null;
  return { role: role as Role, code: room.slice(i + 1) };
}
