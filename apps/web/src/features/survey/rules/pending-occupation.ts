/**
 * The occupation this browser started in a project, kept in localStorage until its outcome has been shown: a reload
 * or a dropped connection finds it again (GET /api/occupations/{id}), and a second tab or a retried Save sends the
 * same ClientId, so the server makes one occupation of them.
 */
export interface PendingOccupation {
  clientId: string;
  deviceId: string;
  /** null until the server has answered the start */
  id: string | null;
}

const key = (projectId: string) => `smi.occupation.${projectId}`;

export function readPending(projectId: string): PendingOccupation | null {
  try {
    const v = JSON.parse(localStorage.getItem(key(projectId)) ?? 'null') as PendingOccupation | null;
    return v && typeof v.clientId === 'string' && typeof v.deviceId === 'string' ? { clientId: v.clientId, deviceId: v.deviceId, id: typeof v.id === 'string' ? v.id : null } : null;
  } catch {
    return null;
  }
}

export function writePending(projectId: string, p: PendingOccupation): void {
  try {
    localStorage.setItem(key(projectId), JSON.stringify(p));
  } catch {
    // private mode or full: the occupation still runs, only a reload would not find it
  }
}

export function clearPending(projectId: string): void {
  try {
    localStorage.removeItem(key(projectId));
  } catch {
    // nothing kept
  }
}
