import { EventEmitter } from 'node:events';
import type { UserSettings } from '@smi/contracts';

/** In-process signals between modules (the realtime feed and the gateway listen; the http routes emit). */
export interface AppEventMap {
  /** Every session of this user has ended (logout, password change, reset): sockets must close. */
  sessionsEnded: [userId: string];
  settingsChanged: [userId: string, settings: UserSettings];
  /** What this user's devices and credentials may pull over NTRIP may have narrowed (a project deleted or paused). */
  ntripAccessChanged: [userId: string];
  /** A project's points, their codes or its code list changed: its linework is announced to the owner's sockets. */
  lineworkChanged: [ownerId: string, projectId: string];
  /** A project's points were recorded, changed or deleted (committed): its watchers are pushed the changes (decision 073). */
  pointsChanged: [projectId: string];
  /** The user's workspaces or role changed (removed, joined, switched, role changed): their sockets join again as they now are. */
  workspaceAccessChanged: [userId: string];
}

export class AppEvents extends EventEmitter<AppEventMap> {}
