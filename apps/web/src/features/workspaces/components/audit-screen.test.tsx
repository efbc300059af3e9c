import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_ACTIONS } from '@smi/contracts';
import { canFor } from '../../../lib/can';
import { renderApp } from '../../../test/render-app';
import { AUDIT_ACTION_LABELS, changesOf, fieldLabel } from '../audit-words';
import { auditQueryOf, NO_FILTER } from '../api/audit';
import { AuditScreen } from './audit-screen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

const crew = (role: string) => ({ success: true, workspaces: [{ id: 'w-crew', name: 'North Crew', personal: false, role, current: true }] });
const members = [
  { userId: 'u-own', name: 'Olga', email: 'olga@example.com', role: 'owner', joinedAt: '2026-11-01T08:00:00.000Z' },
  { userId: 'u-sur', name: 'Sam', email: 'sam@example.com', role: 'surveyor', joinedAt: '2026-11-03T08:00:00.000Z' },
];
const projects = [{ id: 'p-road', name: 'Road widening' }];

const entry = (seq: number, over: { Action: string } & Record<string, unknown>) => ({
  Seq: String(seq),
  At: '2026-11-28T09:15:00.000Z',
  ProjectId: 'p-road',
  UserId: 'u-sur',
  UserName: 'Sam',
  ObjectKind: 'point',
  ObjectId: `pt-${seq}`,
  Before: null,
  After: null,
  ...over,
});
const firstPage = [
  entry(9, { Action: 'point.renamed', Before: { Name: 'P-1' }, After: { Name: 'P-1A' } }),
  entry(8, { Action: 'point.recorded', After: { Name: 'P-1', Latitude: 6.6153, Code: 'TREE', RecordedBy: { Id: 'u-sur', Name: 'Sam' } } }),
];
const olderPage = [entry(3, { Action: 'member.role-changed', ProjectId: null, UserId: 'u-own', UserName: 'Olga', ObjectKind: 'member', Before: { Name: 'Sam', Role: 'viewer' }, After: { Name: 'Sam', Role: 'surveyor' } })];

/** The api as the audit screen sees it, for a user of `role`; every request is kept in the mock's calls. */
function server(role: string) {
  return vi.fn<Fetch>(async (url, init) => {
    const method = init?.method ?? 'GET';
    const u = new URL(url, 'http://app.test');
    if (method === 'GET' && u.pathname === '/api/workspaces') return json(200, crew(role));
    if (method === 'GET' && u.pathname === '/api/workspace/members') return json(200, { success: true, members });
    if (method === 'GET' && u.pathname === '/api/audit/csv') return new Response('seq,at\r\n9,x\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-trail.csv"' } });
    if (method === 'GET' && u.pathname === '/api/audit') {
      if (u.searchParams.get('before') === '8') return json(200, { success: true, entries: olderPage, Next: null });
      const action = u.searchParams.get('action');
      const entries = action ? firstPage.filter((e) => e.Action === action) : firstPage;
      return json(200, { success: true, entries, Next: action ? null : '8' });
    }
    return json(404, { success: false, message: 'Not found' });
  });
}
const auditCalls = (f: ReturnType<typeof server>) => f.mock.calls.map(([url]) => new URL(url, 'http://app.test')).filter((u) => u.pathname.startsWith('/api/audit'));

afterEach(() => vi.unstubAllGlobals());

describe('the audit screen', () => {
  it('tells a surveyor the trail is not theirs, with no control and without asking the api', async () => {
    const fetchMock = server('surveyor');
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<AuditScreen projects={projects} can={canFor('surveyor', 'u-surveyor')} />);

    expect(await screen.findByText('Only the owner and the admins of North Crew can read its audit trail.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(auditCalls(fetchMock)).toHaveLength(0);
  });

  it('shows an admin each entry in words with its before and after, and pages to older entries and back', async () => {
    const user = userEvent.setup();
    const fetchMock = server('admin');
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<AuditScreen projects={projects} can={canFor('admin', 'u-admin')} />);

    const list = await screen.findByRole('list', { name: 'Audit entries' });
    const rows = within(list).getAllByTestId('audit-entry');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Point renamed');
    expect(rows[0]).toHaveTextContent('by Sam');
    expect(rows[0]).toHaveTextContent('in Road widening');
    // the rename shows the name it had and the name it got
    const renamed = within(rows[0]!).getByRole('definition');
    expect(renamed).toHaveTextContent(/before\s*P-1\s*→?\s*after\s*P-1A/);
    // a recorded point has only an after: its fields, the recorder by name
    expect(rows[1]).toHaveTextContent('Point recorded');
    expect(within(rows[1]!).getByText('Recorded by').nextElementSibling).toHaveTextContent('Sam');
    expect(within(rows[1]!).getByText('Latitude').nextElementSibling).toHaveTextContent('6.6153');
    // no raw action name anywhere
    expect(list).not.toHaveTextContent('point.renamed');
    expect(list).not.toHaveTextContent('point.recorded');
    expect(auditCalls(fetchMock)[0]!.searchParams.get('before')).toBeNull();

    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')[0]).toHaveTextContent('Member role changed'));
    expect(auditCalls(fetchMock).at(-1)!.searchParams.get('before')).toBe('8');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByTestId('audit-entry')).toHaveTextContent(/Role\s*before\s*viewer\s*→?\s*after\s*surveyor/);
    // the member's name is the same on both sides, so only the role is shown as changed
    expect(screen.getByTestId('audit-entry')).not.toHaveTextContent(/Name/);

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('filters by project, member, action and days, back to the first page, and downloads the same filter as CSV', async () => {
    const user = userEvent.setup();
    const fetchMock = server('owner');
    vi.stubGlobal('fetch', fetchMock);
    const created: Blob[] = [];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const urls = URL as unknown as { createObjectURL?: (b: Blob) => string; revokeObjectURL?: (u: string) => void };
    urls.createObjectURL = (b) => (created.push(b), 'blob:audit');
    urls.revokeObjectURL = () => {};
    renderApp(<AuditScreen projects={projects} can={canFor('owner', 'u-owner')} />);

    await screen.findByRole('list', { name: 'Audit entries' });
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Point renamed');
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project' }), 'Road widening');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Member' }), 'Sam');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-27' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)!.searchParams.get('to')).not.toBeNull());
    const last = auditCalls(fetchMock).at(-1)!;
    expect(last.searchParams.get('action')).toBe('point.renamed');
    expect(last.searchParams.get('projectId')).toBe('p-road');
    expect(last.searchParams.get('userId')).toBe('u-sur');
    expect(last.searchParams.get('from')).toBe(new Date(2026, 10, 27).toISOString());
    // "to" a day keeps the whole day: the api's bound is the next midnight, exclusive
    expect(last.searchParams.get('to')).toBe(new Date(2026, 10, 29).toISOString());
    expect(last.searchParams.get('before')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const csv = auditCalls(fetchMock).find((u) => u.pathname === '/api/audit/csv')!;
    expect(Object.fromEntries(csv.searchParams)).toEqual({ projectId: 'p-road', userId: 'u-sur', action: 'point.renamed', from: last.searchParams.get('from'), to: last.searchParams.get('to') });
    expect(await created[0]!.text()).toBe('seq,at\r\n9,x\r\n');
    clicked.mockRestore();
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });
});

describe('audit words', () => {
  it('gives every action its own words, never its raw name', () => {
    const labels = AUDIT_ACTIONS.map((a) => AUDIT_ACTION_LABELS[a]);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    for (const a of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[a]).toMatch(/^[A-Z][a-z]/);
      expect(AUDIT_ACTION_LABELS[a]).not.toContain('.');
    }
  });

  it('names fields in words and keeps only what changed', () => {
    expect(fieldLabel('EllipsoidalHeight')).toBe('Ellipsoidal height');
    expect(fieldLabel('OwnerId')).toBe('Owner id');
    expect(fieldLabel('CRS')).toBe('CRS');
    expect(changesOf({ Before: { Name: 'Sam', Role: 'viewer' }, After: { Name: 'Sam', Role: 'admin' } })).toEqual([{ field: 'Role', before: 'viewer', after: 'admin' }]);
    expect(changesOf({ Before: { Name: 'P-9', Note: '' }, After: null })).toEqual([
      { field: 'Name', before: 'P-9', after: null },
      { field: 'Note', before: '—', after: null },
    ]);
  });

  it('reads no filter as no query, and ignores a malformed day', () => {
    expect(auditQueryOf(NO_FILTER)).toEqual({});
    expect(auditQueryOf({ ...NO_FILTER, from: '28/11/2026' })).toEqual({});
  });
});
