import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { canFor } from '../../../lib/can';
import { renderApp } from '../../../test/render-app';
import { MembersScreen } from './members-screen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

const members = [
  { userId: 'u-own', name: 'Olga', email: 'olga@example.com', role: 'owner', joinedAt: '2026-11-01T08:00:00.000Z' },
  { userId: 'u-adm', name: 'Ada', email: 'ada@example.com', role: 'admin', joinedAt: '2026-11-02T08:00:00.000Z' },
  { userId: 'u-sur', name: 'Sam', email: 'sam@example.com', role: 'surveyor', joinedAt: '2026-11-03T08:00:00.000Z' },
];
const crew = (role: string) => ({ success: true, workspaces: [{ id: 'w-crew', name: 'North Crew', personal: false, role, current: true }] });

/** A server for the members screen with the signed-in user's role in the current workspace; `other` answers the rest. */
function server(role: string, other: Fetch = async () => json(404, { success: false, message: 'Not found' })) {
  return vi.fn<Fetch>(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.endsWith('/api/workspaces')) return json(200, crew(role));
    if (method === 'GET' && url.endsWith('/api/workspace/members')) return json(200, { success: true, members });
    return other(url, init);
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the members screen', () => {
  it('shows a viewer the members and their roles but no control they cannot use', async () => {
    const fetchMock = server('viewer');
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<MembersScreen userId="u-view" can={canFor('viewer', 'u-view')} />);

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByTestId('member-row')).toHaveLength(3);
    expect(within(list).getByText('surveyor')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Pending invitations')).not.toBeInTheDocument();
    // the invitations are not even asked for: the server would refuse a viewer
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/invitations'))).toBe(false);
  });

  it('lets an admin invite by e-mail and shows the pending invitation with Resend and Revoke', async () => {
    const user = userEvent.setup();
    const pending: unknown[] = [];
    const fetchMock = server('admin', async (url, init) => {
      if (url.endsWith('/api/workspace/invitations') && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { email: string; role: string };
        const invitation = { id: 'i-1', email: body.email, role: body.role, invitedBy: 'Ada', expiresAt: '2026-12-05T16:00:00.000Z' };
        pending.push(invitation);
        return json(201, { success: true, message: `Invitation sent to ${body.email}`, invitation });
      }
      if (url.endsWith('/api/workspace/invitations')) return json(200, { success: true, invitations: pending });
      return json(404, { success: false, message: 'Not found' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<MembersScreen userId="u-adm" can={canFor('admin', 'u-adm')} />);

    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'kim@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    const row = await screen.findByTestId('invitation-row');
    expect(row).toHaveTextContent('kim@example.com');
    expect(row).toHaveTextContent('as viewer');
    expect(within(row).getByRole('button', { name: 'Resend to kim@example.com' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Revoke kim@example.com' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: 'kim@example.com', role: 'viewer' });
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
    // the owner and the admin themselves are not changed from here; the surveyor is
    expect(screen.queryByRole('combobox', { name: 'Role of Olga' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Sam' })).toHaveValue('surveyor');
  });

  it('removes a member only after the confirmation, and changes a role at once', async () => {
    const user = userEvent.setup();
    const fetchMock = server('owner', async (url) => {
      if (url.endsWith('/api/workspace/invitations')) return json(200, { success: true, invitations: [] });
      return json(200, { success: true, message: 'Done' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<MembersScreen userId="u-own" can={canFor('owner', 'u-own')} />);
    const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE' || init?.method === 'PUT');

    await user.click(await screen.findByRole('button', { name: 'Remove Sam' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sam loses access');
    expect(writes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Sam' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]![0]).toContain('/api/workspace/members/u-sur');
    expect(writes()[0]![1]?.method).toBe('DELETE');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Ada' }), 'viewer');
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]![0]).toContain('/api/workspace/members/u-adm');
    expect(JSON.parse(String(writes()[1]![1]?.body))).toEqual({ role: 'viewer' });
  });
});
