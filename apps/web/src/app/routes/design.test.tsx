import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { DesignLineView, DesignPointView, StakeRecordView, WorkspaceRole } from '@smi/contracts';
import { Toasts } from '../../components/toast-setup';
import { patterns } from '../../lib/paths';
import { projectFixture } from '../../test/project-fixture';
import { DesignPage } from './design';

const PROJECT = '5f0c4a52-9d7e-4a55-9a43-3b1c2f1e0a01';
const P1 = '1a2b3c4d-0000-4000-8000-000000000001';
const P2 = '1a2b3c4d-0000-4000-8000-000000000002';
const L1 = '1a2b3c4d-0000-4000-8000-0000000000a1';
const me = '0b4c3c8e-6e8a-4b59-9a4f-3a1d2f6b7c10';
const FRAME = { crs: 'EPSG:2236 NAD83 / Florida East (ftUS)', unit: 'US survey foot', height: 'orthometric (us_noaa_g2018u0.gtx)' };

const designPoint = (id: string, name: string, over: Partial<DesignPointView> = {}): DesignPointView => ({
  id, name, easting: 0, northing: 0, elevation: null, code: '', layer: '', source: 'typed', createdAt: '2026-11-28T10:00:00.000Z', updatedAt: '2026-11-28T10:00:00.000Z', ...over,
});
const LINE: DesignLineView = {
  id: L1, name: 'Kerb', code: 'KERB', layer: 'ROAD', closed: true, startStation: 0, source: 'dxf', createdAt: '2026-11-28T10:00:00.000Z',
  vertices: [0, 1, 2].map((i) => ({ easting: 100 + i, northing: 200, elevation: null, bulge: 0 })),
};
const staked = (designId: string, dN: number, dE: number, dH: number): StakeRecordView => ({
  OccupationId: crypto.randomUUID(), Status: 'done', PointId: crypto.randomUUID(), PointName: 'ST-P1', DesignPointId: designId,
  Design: { name: 'P1', easting: 0, northing: 0, elevation: 0 }, Staked: { easting: dE, northing: dN, elevation: dH },
  dN, dE, dH, distance: Math.hypot(dN, dE), cutFill: 'cut', within: { horizontal: true, vertical: true, both: true }, tolerance: { horizontal: 0.02, vertical: 0.03 },
  Line: null, StakedBy: 'Ada', StartedAt: '2026-11-28T10:00:00.000Z', FinishedAt: '2026-11-28T10:00:10.000Z',
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The API as far as the screen uses it: the project, its design list (which changes as points are added, edited and
 * deleted), its stake records; `answer` overrides a write's reply (a 409, a 400).
 */
function api(points: DesignPointView[], lines: DesignLineView[], answer?: (s: Sent) => { status: number; data: unknown } | undefined, frame: typeof FRAME | null = FRAME) {
  const sent: Sent[] = [];
  const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const s = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    sent.push(s);
    const forced = answer?.(s);
    if (forced) return json(forced.status, forced.data);
    if (url === `/api/projects/${PROJECT}`) return json(200, { success: true, project: projectFixture({ _id: PROJECT }) });
    if (url === `/api/projects/${PROJECT}/design`) return json(200, { success: true, frame, points, lines });
    if (url === `/api/projects/${PROJECT}/stake/records`) return json(200, { success: true, unit: FRAME.unit, crs: FRAME.crs, height: FRAME.height, records: [staked(P1, 0.004, -0.002, 0.011), staked(P1, -0.003, 0.001, -0.0004)] });
    if (url === `/api/projects/${PROJECT}/design/points` && s.method === 'POST') {
      const b = s.body as DesignPointView;
      const p = designPoint(crypto.randomUUID(), b.name, { ...b, elevation: b.elevation ?? null });
      points.push(p);
      return json(201, { success: true, message: 'Design point added', point: p });
    }
    const one = /\/design\/(points|lines)\/([^/]+)$/.exec(url);
    if (one && s.method === 'PUT') {
      const i = points.findIndex((p) => p.id === one[2]);
      points[i] = { ...points[i]!, ...(s.body as object) };
      return json(200, { success: true, message: 'Design point saved', point: points[i] });
    }
    if (one && s.method === 'DELETE') {
      const list = one[1] === 'points' ? points : lines;
      const i = list.findIndex((p) => p.id === one[2]);
      if (i < 0) return json(404, { success: false, message: 'Design point not found' });
      list.splice(i, 1);
      return json(200, { success: true, message: one[1] === 'points' ? 'Design point deleted' : 'Design line deleted' });
    }
    return json(404, { success: false, message: `not here: ${s.method} ${url}` });
  });
  return sent;
}

function renderAs(role: WorkspaceRole) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth'], { status: 'verified', user: { userId: me, name: 'Ada', email: 'ada@example.com', isAccountVerified: true } });
  client.setQueryData(['workspaces'], [{ id: 'w-1', name: 'North Crew', personal: false, role, current: true }]);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/projects/${PROJECT}/design`]}>
        <Routes>
          <Route path={patterns.design} element={<DesignPage />} />
        </Routes>
      </MemoryRouter>
      <Toasts />
    </QueryClientProvider>,
  );
}

const pointsTable = () => screen.getByRole('table', { name: 'Design points' });
const rowOf = (name: string) => within(pointsTable()).getByText(name, { exact: true }).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

// a busy host renders a table of hundreds of rows slowly in jsdom: more room than the default 5 s
describe('the design screen', { timeout: 20_000 }, () => {
  it('lists the design points in the project unit with their stakes, the lines with their vertices, and searches', async () => {
    const user = userEvent.setup();
    api([designPoint(P1, 'P1', { easting: 612345.6789, northing: 1234567.1234, elevation: 12.3456, code: 'KERB', layer: 'ROAD', source: 'csv' }), designPoint(P2, 'MH2', { easting: 612400, northing: 1234500, code: 'MANHOLE' })], [LINE]);
    renderAs('viewer');
    expect(await screen.findByTestId('design-frame')).toHaveTextContent('Grid coordinates in EPSG:2236 NAD83 / Florida East (ftUS), US survey foot; heights orthometric');
    const p1 = rowOf('P1');
    expect(within(p1).getByTestId('design-point-grid')).toHaveTextContent('E 612345.679 · N 1234567.123 · Z 12.346 ftUS');
    expect(within(rowOf('MH2')).getByTestId('design-point-grid')).toHaveTextContent('Z – ftUS');
    expect(within(pointsTable()).getByRole('columnheader', { name: 'Elevation (ftUS)' })).toBeInTheDocument();
    // two stakes of P1: the count and the last one's deltas; MH2 never staked
    expect(within(p1).getAllByTestId('design-staked-P1')[0]).toHaveTextContent('staked 2× · last dN −0.003 dE +0.001 dZ +0.000');
    expect(within(rowOf('MH2')).getAllByText('not staked').length).toBeGreaterThan(0);
    const lines = screen.getByRole('table', { name: 'Design lines' });
    const kerb = within(lines).getByText('Kerb').closest('tr')!;
    expect(within(kerb).getByTestId('design-line-vertices')).toHaveTextContent('3');
    expect(within(kerb).getByText('closed')).toBeInTheDocument();
    expect(within(kerb).getByText('KERB · layer ROAD')).toBeInTheDocument();

    // by code, any case; then nothing
    await user.type(screen.getByRole('searchbox', { name: 'Search design points' }), 'manh');
    expect(within(pointsTable()).queryByText('P1')).not.toBeInTheDocument();
    expect(within(pointsTable()).getByText('MH2')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search design points' }), 'xyz');
    expect(screen.getByText('No design point matches the search.')).toBeInTheDocument();
  });

  it.each(['viewer', 'surveyor'] as const)('shows a %s the data without Add, Edit or Delete (design data is managed by admins)', async (role) => {
    api([designPoint(P1, 'P1')], [LINE]);
    renderAs(role);
    await screen.findByText('P1');
    expect(screen.queryByRole('button', { name: 'Add point' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit design point/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete design (point|line)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Design data' })).toBeInTheDocument();
  });

  it('draws the first 200 points of a large design and more on request; the search looks through all of them', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 450 }, (_, i) => designPoint(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `P${i + 1}`));
    api(many, []);
    renderAs('viewer');
    await screen.findByText('P1');
    const rows = () => pointsTable().querySelectorAll('tbody tr').length;
    expect(rows()).toBe(200);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 200 of 450: search to narrow them down.');
    await user.click(screen.getByRole('button', { name: 'Show 200 more' }));
    expect(rows()).toBe(400);
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(rows()).toBe(450);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search design points' }), { target: { value: 'p44' } });
    expect(rows()).toBe(11); // P44, P440..P449
    expect(within(pointsTable()).getByText('P449')).toBeInTheDocument();
  });

  it('offers no Add point in a project without a projected CRS, and says where to set one', async () => {
    api([], [], undefined, null);
    renderAs('owner');
    const note = await screen.findByTestId('design-frame');
    expect(note).toHaveTextContent("Design coordinates are grid coordinates in the project's coordinate system");
    expect(within(note).getByRole('link', { name: 'project page' })).toHaveAttribute('href', `/projects/${PROJECT}`);
    expect(screen.queryByRole('button', { name: 'Add point' })).not.toBeInTheDocument();
    expect(screen.getByText('The project has no design points yet.')).toBeInTheDocument();
  });

  it('types a point in: the schema\'s messages beside the fields first, nothing sent; then stored and listed', async () => {
    const user = userEvent.setup();
    const points: DesignPointView[] = [];
    const sent = api(points, []);
    renderAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Add point' }));
    const dialog = screen.getByRole('dialog', { name: 'Add design point' });
    await user.type(within(dialog).getByLabelText('Easting (ftUS)'), '12a');
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(within(dialog).getByLabelText('Easting (ftUS)')).toHaveAccessibleDescription('Must be a number');
    expect(within(dialog).getByLabelText('Northing (ftUS)')).toHaveAccessibleDescription('Must be a number');
    expect(within(dialog).getByLabelText(/^Elevation/)).not.toHaveAttribute('aria-invalid');
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), ' P9 ');
    await user.clear(within(dialog).getByLabelText('Easting (ftUS)'));
    await user.type(within(dialog).getByLabelText('Easting (ftUS)'), '612345,125');
    await user.type(within(dialog).getByLabelText('Northing (ftUS)'), '1234567.5');
    await user.type(within(dialog).getByLabelText('Code'), 'CP');
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ name: 'P9', easting: 612345.125, northing: 1234567.5, elevation: null, code: 'CP', layer: '' });
    expect(await within(pointsTable()).findByText('P9')).toBeInTheDocument();
    expect(await screen.findByText('Design point added')).toBeInTheDocument();
  });

  it('shows the API\'s refusals beside their fields: a duplicate name (409) beside the name, a 400 beside its field', async () => {
    const user = userEvent.setup();
    let reply = { status: 409, data: { success: false, message: 'The project already has a design point named “P1”.' } };
    api([designPoint(P1, 'P1')], [], (s) => (s.method === 'POST' ? reply : undefined));
    renderAs('owner');
    await user.click(await screen.findByRole('button', { name: 'Add point' }));
    const dialog = screen.getByRole('dialog', { name: 'Add design point' });
    await user.type(within(dialog).getByLabelText('Name'), 'P1');
    await user.type(within(dialog).getByLabelText('Easting (ftUS)'), '1');
    await user.type(within(dialog).getByLabelText('Northing (ftUS)'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    expect(await within(dialog).findByText('The project already has a design point named “P1”.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    reply = { status: 400, data: { success: false, message: 'elevation: is out of range' } };
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Elevation/)).toHaveAccessibleDescription('Is out of range'));
    expect(within(dialog).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');

    reply = { status: 409, data: { success: false, message: "Design coordinates are grid coordinates in the project's coordinate system: give the project a projected coordinate system first." } };
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('give the project a projected coordinate system first');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a point sending only what changed, so untouched coordinates keep their stored values', async () => {
    const user = userEvent.setup();
    const sent = api([designPoint(P1, 'P1', { easting: 100.1234, northing: 200.5678, elevation: 10 })], []);
    renderAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Edit design point P1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit P1' });
    expect(within(dialog).getByLabelText('Easting (ftUS)')).toHaveValue('100.1234');
    await user.clear(within(dialog).getByLabelText(/^Elevation/));
    await user.type(within(dialog).getByLabelText(/^Elevation/), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = sent.find((s) => s.method === 'PUT')!;
    expect(put.url).toBe(`/api/projects/${PROJECT}/design/points/${P1}`);
    expect(put.body).toEqual({ elevation: 12.5 });
    await waitFor(() => expect(within(rowOf('P1')).getByTestId('design-point-grid')).toHaveTextContent('Z 12.500 ftUS'));

    // cleared: a 2D point
    await user.click(screen.getByRole('button', { name: 'Edit design point P1' }));
    await user.clear(screen.getByLabelText(/^Elevation/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PUT')[1]?.body).toEqual({ elevation: null }));
  });

  it('deletes a point and a line only after the confirm; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const sent = api([designPoint(P1, 'P1'), designPoint(P2, 'P2')], [LINE]);
    renderAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Delete design point P1' }));
    expect(screen.getByRole('dialog', { name: 'Delete design point' })).toHaveTextContent('Delete the design point “P1”?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete design point P1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(pointsTable()).queryByText('P1')).not.toBeInTheDocument());
    expect(within(pointsTable()).getByText('P2')).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual([`/api/projects/${PROJECT}/design/points/${P1}`]);

    await user.click(screen.getByRole('button', { name: 'Delete design line Kerb' }));
    expect(screen.getByRole('dialog', { name: 'Delete design line' })).toHaveTextContent('Delete the design line “Kerb”?');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Design lines' })).not.toBeInTheDocument());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)[1]).toBe(`/api/projects/${PROJECT}/design/lines/${L1}`);
  });
});
