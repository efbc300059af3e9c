import type { OccupationMethod, OccupationProgress, OccupationStatus, OccupationView, Tolerances } from '@smi/contracts';

/** The columns an OccupationView is made of (the api reads them for GET /api/occupations/{id} too). */
export interface OccupationViewRow {
  id: string;
  project_id: string;
  device_id: string;
  device_code: string;
  client_id: string | null;
  method: OccupationMethod;
  name: string;
  section: string;
  tolerances: Tolerances;
  status: OccupationStatus;
  reason: string | null;
  progress: OccupationProgress;
  point_id: string | null;
  created_at: Date;
}

export function occupationViewOf(r: OccupationViewRow, over: Partial<Pick<OccupationView, 'Status' | 'Progress' | 'Reason' | 'PointId'>> = {}): OccupationView {
  return {
    _id: r.id,
    ProjectId: r.project_id,
    DeviceId: r.device_id,
    DeviceCode: r.device_code,
    Method: r.method,
    Name: r.name,
    Section: r.section,
    Status: r.status,
    Reason: r.reason,
    Tolerances: r.tolerances,
    Progress: r.progress,
    PointId: r.point_id,
    ClientId: r.client_id,
    Created_On: new Date(r.created_at).toISOString(),
    ...over,
  };
}
