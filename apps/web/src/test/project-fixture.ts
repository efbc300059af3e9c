import type { ProjectView } from '@smi/contracts';

/** A project as GET /api/projects/:id answers it, for component tests. */
export function projectFixture(over: Partial<ProjectView> = {}): ProjectView {
  const now = new Date().toISOString();
  return {
    _id: '5f0c4a52-9d7e-4a55-9a43-3b1c2f1e0a01',
    Name: 'Harbour wall',
    Description: 'Kerb line along the harbour',
    UserId: '7d3c4a52-9d7e-4a55-9a43-3b1c2f1e0a02',
    BaseStation: null,
    BaseStationDevice: null,
    ClientDevices: [],
    Status: 'Active',
    Sections: ['default'],
    BaseMode: 'auto',
    baseMode: 'auto',
    BaseLatitude: null,
    baseLatitude: null,
    BaseLongitude: null,
    baseLongitude: null,
    Created_On: now,
    Last_Modified: now,
    Total_Points: 0,
    ...over,
  };
}
