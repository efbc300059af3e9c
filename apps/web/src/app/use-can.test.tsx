import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { deviceView, pointEndpoints, pointView, projectEndpoints, type DeviceView, type PointView, type WorkspaceRole } from '@smi/contracts';
import { useCan, useRefused } from './use-can';
import { ProjectsPage } from './routes/projects';
import { canFor } from '../lib/can';
import { PointsTable } from '../features/points/components/points-table';
import { ConnectedDevicesPanel } from '../features/devices/components/connected-devices-panel';
import { SurveyControls } from '../features/survey/components/survey-controls';
import { ActionsPanel } from '../features/projects/components/actions-panel';
import { SurveyStatusPanel } from '../features/projects/components/survey-status-panel';
import { DEFAULT_MEASUREMENT } from '../lib/measurement-settings';
import { projectFixture } from '../test/project-fixture';
import { CrsPanel } from '../features/projects/components/crs-panel';
import { MeasurementPanel } from '../features/projects/components/measurement-panel';
import { SectionsPanel } from '../features/projects/components/sections-panel';
import { PositioningModePanel } from '../features/projects/components/positioning-mode-panel';
import { ProjectNtripPanel } from '../features/ntrip/components/project-ntrip-panel';
import { CodeListsScreen } from '../features/code-lists/components/code-lists-screen';
import { PointPhotosDialog } from '../features/points/components/point-photos-dialog';
import { NewProjectForm } from '../features/projects/components/new-project-form';

const me = '0b4c3c8e-6e8a-4b59-9a4f-3a1d2f6b7c10';
const colleague = '5d2f9a10-1c3b-4e7d-8f60-2a4b6c8d0e12';
const user = { userId: me, name: 'Ada', email: 'ada@example.com', isAccountVerified: true };

/** A query cache as the app holds it once signed in: the user, and the workspaces list with `role` in the current one. */
function cacheAs(role: WorkspaceRole | null, personal = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['auth'], { status: 'verified', user });
  if (role) client.setQueryData(['workspaces'], [{ id: 'w-1', name: personal ? 'Ada' : 'North Crew', personal, role, current: true }]);
  return client;
}

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

/** A point as GET /api/points answers it, recorded by `by`. */
function point(name: string, by: string | null): PointView {
  const blank = Object.fromEntries(Object.keys(pointView.shape).map((k) => [k, null])) as unknown as PointView;
  return {
    ...blank,
    _id: name,
    ProjectId: 'x',
    Name: name,
    Type: 'recorded',
    Latitude: 6.615,
    Longitude: 79.968,
    Accuracy: 'High',
    Timestamp: '2026-11-23T10:00:00.000Z',
    Device: 'Rover',
    Section: 'default',
    Created_On: '2026-11-23T10:00:00.000Z',
    Method: 'client',
    Warnings: [],
    RecordedBy: { Id: by, Name: by === me ? 'Ada' : 'Ben' },
  } as PointView;
}

function device(name: string): DeviceView {
  const blank = Object.fromEntries(Object.keys(deviceView.shape).map((k) => [k, null])) as unknown as DeviceView;
  return { ...blank, _id: name, Name: name, DeviceCode: 'RV-0001', Type: 'rover', Status: true, Registered_Date: '2026-11-01T00:00:00.000Z', Registered_User_Id: me, Connected: true, Claimed: true };
}

describe('useCan: the current workspace role and the route table decide', () => {
  it('reads the role of the current workspace and checks an endpoint by the permission its route declares', () => {
    const { result } = renderHook(() => useCan(), { wrapper: wrapperFor(cacheAs('surveyor')) });
    const can = result.current;
    expect(can(projectEndpoints.createProject)).toBe(true);
    expect(can(projectEndpoints.deleteProject)).toBe(false);
    expect(can(pointEndpoints.deletePoint, me)).toBe(true);
    expect(can(pointEndpoints.deletePoint, colleague)).toBe(false);
    // a point nobody is named for (recorded before teams) is changed by an admin or the owner only
    expect(can(pointEndpoints.deletePoint, null)).toBe(false);
  });

  it('offers nothing beyond reading while the role is not known yet', () => {
    const { result } = renderHook(() => useCan(), { wrapper: wrapperFor(cacheAs(null)) });
    expect(result.current(pointEndpoints.listPoints)).toBe(true);
    expect(result.current(projectEndpoints.createProject)).toBe(false);
    expect(result.current(pointEndpoints.deletePoint, me)).toBe(false);
  });

  it('lets the owner of a personal workspace do everything, as before teams', () => {
    const { result } = renderHook(() => useCan(), { wrapper: wrapperFor(cacheAs('owner', true)) });
    expect(result.current(projectEndpoints.deleteProject)).toBe(true);
    expect(result.current(pointEndpoints.deletePoint, colleague)).toBe(true);
  });
});

describe('the Projects screen', () => {
  function projectsAs(role: WorkspaceRole) {
    const client = cacheAs(role);
    client.setQueryData(['projects', 'list', me], []);
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(<ProjectsPage />, { wrapper: wrapperFor(client) });
  }

  it('offers a viewer no New Project', () => {
    projectsAs('viewer');
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New Project/ })).not.toBeInTheDocument();
  });

  it.each(['surveyor', 'admin', 'owner'] as const)('offers a %s New Project', (role) => {
    projectsAs(role);
    expect(screen.getByRole('link', { name: /New Project/ })).toBeInTheDocument();
  });
});

describe('the taken-points table', () => {
  const points = [point('Mine', me), point('Theirs', colleague)];
  function tableAs(role: WorkspaceRole) {
    render(<PointsTable points={points} onModify={vi.fn()} onDelete={vi.fn()} onPhotos={vi.fn()} can={canFor(role, me)} />);
  }

  it('offers a viewer no Modify or Delete, and the photos still', () => {
    tableAs('viewer');
    expect(screen.queryByRole('button', { name: /^Delete point/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Modify point/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Photos of Mine/ }).length).toBeGreaterThan(0);
  });

  it('offers a surveyor Modify and Delete on the points they recorded only', () => {
    tableAs('surveyor');
    expect(screen.getAllByRole('button', { name: 'Delete point Mine' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Modify point Mine' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Delete point Theirs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modify point Theirs' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'owner'] as const)('offers an %s Modify and Delete on every point', (role) => {
    tableAs(role);
    for (const name of ['Mine', 'Theirs']) {
      expect(screen.getAllByRole('button', { name: `Delete point ${name}` }).length).toBeGreaterThan(0);
      expect(screen.getAllByRole('button', { name: `Modify point ${name}` }).length).toBeGreaterThan(0);
    }
  });
});

describe('the Connected Devices panel', () => {
  function panelAs(role: WorkspaceRole) {
    const client = cacheAs(role);
    render(<ConnectedDevicesPanel userId={me} loading={false} failed={false} devices={[{ device: device('Rover 1'), battery: null, signal: null, status: 'online', position: null, live: false }]} can={canFor(role, me)} />, {
      wrapper: wrapperFor(client),
    });
    return screen;
  }

  it('offers a viewer no Register, Connect or Remove', () => {
    const panel = panelAs('viewer');
    expect(panel.getAllByText('Rover 1').length).toBeGreaterThan(0);
    expect(panel.queryByRole('link', { name: /Register New Device/ })).not.toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Remove Rover 1' })).not.toBeInTheDocument();
    expect(panel.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers a surveyor Connect and Remove but not Register (devices are managed by admins)', () => {
    const panel = panelAs('surveyor');
    expect(panel.queryByRole('link', { name: /Register New Device/ })).not.toBeInTheDocument();
    expect(panel.getAllByRole('button', { name: 'Remove Rover 1' }).length).toBeGreaterThan(0);
  });

  it('offers the owner Register New Device', () => {
    const panel = panelAs('owner');
    expect(panel.getByRole('link', { name: /Register New Device/ })).toBeInTheDocument();
    expect(panel.getByRole('textbox')).toBeInTheDocument();
  });
});

describe('the survey map controls', () => {
  const recorded = (by: string) => [
    { _id: 'a', Name: 'Older', Created_On: '2026-11-23T10:00:00.000Z', RecordedBy: { Id: me } },
    { _id: 'b', Name: 'Last', Created_On: '2026-11-23T11:00:00.000Z', RecordedBy: { Id: by } },
  ];
  function controlsAs(role: WorkspaceRole, lastBy: string) {
    render(
      <SurveyControls
        project={projectFixture({ Sections: ['default'] })}
        points={recorded(lastBy)}
        rovers={[]}
        sampleFor={() => {
          throw new Error('not sampled');
        }}
        measurement={DEFAULT_MEASUREMENT}
        unit="CM"
        onMeasured={vi.fn(async () => {})}
        onDiscard={vi.fn(async () => {})}
        onAddSection={vi.fn(async () => true)}
        onFilter={vi.fn()}
        can={canFor(role, me)}
      />,
      { wrapper: wrapperFor(cacheAs(role)) },
    );
  }

  it('offers a viewer the points list only: no Record, no Discard', () => {
    controlsAs('viewer', me);
    expect(screen.getByRole('button', { name: 'Points list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record a point' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard last point' })).not.toBeInTheDocument();
  });

  it('offers a surveyor Record, and Discard only when the last point is their own', () => {
    controlsAs('surveyor', colleague);
    expect(screen.getByRole('button', { name: 'Record a point' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard last point' })).not.toBeInTheDocument();
  });

  it('offers a surveyor Discard of the last point they recorded', () => {
    controlsAs('surveyor', me);
    expect(screen.getByRole('button', { name: 'Discard last point' })).toBeInTheDocument();
  });

  it('offers an admin Discard of a colleague\'s last point', () => {
    controlsAs('admin', colleague);
    expect(screen.getByRole('button', { name: 'Record a point' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard last point' })).toBeInTheDocument();
  });
});

describe('the project screen panels', () => {
  function projectAs(role: WorkspaceRole) {
    const project = projectFixture({ Status: 'Paused' });
    render(
      <>
        <SurveyStatusPanel project={project} onResume={vi.fn()} send={vi.fn()} can={canFor(role, me)} />
        <ActionsPanel project={project} mapHref="/map" pointsHref="/points" onDeleted={vi.fn()} can={canFor(role, me)} />
      </>,
      { wrapper: wrapperFor(cacheAs(role)) },
    );
  }

  it.each(['viewer', 'surveyor'] as const)('offers a %s no Delete Project and no status change, and the export still', (role) => {
    projectAs(role);
    expect(screen.queryByRole('button', { name: /Delete Project/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Export Data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View on Map/ })).toBeInTheDocument();
  });

  it.each(['admin', 'owner'] as const)('offers an %s Delete Project and the status changes', (role) => {
    projectAs(role);
    expect(screen.getByRole('button', { name: /Delete Project/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resume/ })).toBeInTheDocument();
  });
});

describe('the project settings panels', () => {
  const crs = {
    crs: { code: 32644, name: 'WGS 84 / UTM zone 44N', kind: 'projected', unit: 'metre', area: 'Between 78°E and 84°E', grid: null },
    unitLabel: 'metre',
    vertical: 'ellipsoidal',
    geoidModel: null,
    verticalCrsCode: null,
    correctionsDatum: 'WGS84',
    helmertFallback: false,
    geoidModels: ['EGM96'],
    verticalCrsOptions: [],
  };
  function settingsAs(role: WorkspaceRole) {
    const client = cacheAs(role);
    client.setQueryData(['grid', 'settings', 'p1'], crs);
    client.setQueryData(['measurement-settings', 'p1'], DEFAULT_MEASUREMENT);
    client.setQueryData(['projects', 'p1', 'ntrip-source'], null);
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    const can = canFor(role, me);
    render(
      <>
        <PositioningModePanel project={projectFixture({ _id: 'p1' })} can={can} />
        <MeasurementPanel projectId="p1" can={can} />
        <ProjectNtripPanel projectId="p1" can={can} />
        <CrsPanel projectId="p1" can={can} />
        <SectionsPanel projectId="p1" sections={['default', 'kerb']} can={can} />
      </>,
      { wrapper: wrapperFor(client) },
    );
  }

  it('shows a viewer the settings in force with no button to change them', () => {
    settingsAs('viewer');
    expect(screen.getByTestId('crs-current')).toHaveTextContent('EPSG:32644 WGS 84 / UTM zone 44N');
    expect(screen.getByText('kerb')).toBeInTheDocument();
    for (const name of [/Update Base Position/, /Save measurement settings/, /Save coordinate system/, /^Save$/, /Find mountpoints/, /^Add$/, /Remove section/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('offers a surveyor the base and sections they may set, not the project settings', () => {
    settingsAs('surveyor');
    expect(screen.getByRole('button', { name: /Update Base Position/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Add$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove section kerb/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save coordinate system/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save measurement settings/ })).not.toBeInTheDocument();
  });

  it('offers an admin every setting', () => {
    settingsAs('admin');
    for (const name of [/Update Base Position/, /Save measurement settings/, /Save coordinate system/, /Find mountpoints/, /^Add$/, /Remove section kerb/]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});

describe('the Code lists screen', () => {
  function listsAs(role: WorkspaceRole) {
    const client = cacheAs(role);
    client.setQueryData(['code-lists'], [{ id: 'l1', name: 'Roads', codes: 12, updatedAt: '2026-11-20T10:00:00.000Z', projects: 1 }]);
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    render(<CodeListsScreen can={canFor(role, me)} />, { wrapper: wrapperFor(client) });
  }

  it.each(['viewer', 'surveyor'] as const)('lets a %s read and export the lists, not change them', (role) => {
    listsAs(role);
    expect(screen.getByText('Roads')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Carlson CSV/ })).toBeInTheDocument();
    for (const name of [/New list/, /Copy the default list/, 'Edit Roads', 'Delete Roads', /Choose file/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('lets an admin make, edit, delete and import lists', () => {
    listsAs('admin');
    for (const name of [/New list/, 'Edit Roads', 'Delete Roads', /Choose file/]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});

describe('the photos of a taken point', () => {
  const photo = {
    _id: 'ph1', PointId: 'Theirs', FileName: 'kerb.jpg', MediaType: 'image/jpeg', Bytes: 2048, Width: 640, Height: 480, TakenAt: null,
    Created_On: '2026-11-23T10:00:00.000Z', RecordedBy: colleague, Url: '/p.jpg', ThumbnailUrl: '/t.jpg',
  };
  function photosAs(role: WorkspaceRole, by: string) {
    const p = { ...point('Theirs', by), Photos: [photo] } as PointView;
    render(<PointPhotosDialog projectId="x" point={p} onClose={vi.fn()} onChanged={vi.fn(async () => {})} can={canFor(role, me)} />, { wrapper: wrapperFor(cacheAs(role)) });
    fireEvent.click(screen.getByRole('button', { name: 'Open kerb.jpg' }));
  }

  it('lets a viewer look at the photos, with no Add and no Delete', () => {
    photosAs('viewer', me);
    expect(screen.getByTestId('photo-full')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('button', { name: /Add photo/ })).not.toBeInTheDocument();
  });

  it("offers a surveyor Add, and Delete not on a colleague's point", () => {
    photosAs('surveyor', colleague);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /Add photo/ })).toBeInTheDocument();
  });

  it('offers a surveyor Delete on a photo of their own point', () => {
    photosAs('surveyor', me);
    expect(screen.getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });
});

describe('the new project form without devices', () => {
  it.each([
    ['surveyor', false],
    ['admin', true],
  ] as const)('offers a %s Register New Device: %s', (role, offered) => {
    render(<NewProjectForm userId={me} baseStations={[]} clientDevices={[]} onCreated={vi.fn()} can={canFor(role, me)} />, { wrapper: wrapperFor(cacheAs(role)) });
    expect(screen.getByTestId('needs-devices')).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /Register New Device/ }).length).toBe(offered ? 1 : 0);
  });
});

describe('a screen opened by its address', () => {
  it('is refused once the role is known and refuses it, never while the role is read', () => {
    const viewer = renderHook(() => useRefused(projectEndpoints.createProject), { wrapper: wrapperFor(cacheAs('viewer')) });
    expect(viewer.result.current).toBe(true);
    const loading = renderHook(() => useRefused(projectEndpoints.createProject), { wrapper: wrapperFor(cacheAs(null)) });
    expect(loading.result.current).toBe(false);
    const surveyor = renderHook(() => useRefused(projectEndpoints.createProject), { wrapper: wrapperFor(cacheAs('surveyor')) });
    expect(surveyor.result.current).toBe(false);
  });
});
