import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { WorkspaceSwitcher } from './workspace-switcher';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const personal = { id: 'w-own', name: 'Ada', personal: true, role: 'owner', current: true };
const crew = { id: 'w-crew', name: 'North Crew', personal: false, role: 'surveyor', current: false };

afterEach(() => vi.unstubAllGlobals());

describe('the workspace switcher', () => {
  it('switches on the server, reads every list again and shows the new current one', async () => {
    const user = userEvent.setup();
    let current = 'w-own';
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
      if (url.endsWith('/api/workspaces/current')) {
        current = (JSON.parse(String(init?.body)) as { workspaceId: string }).workspaceId;
        return json(200, { success: true, message: 'Workspace switched', workspace: { ...crew, current: true } });
      }
      return json(200, { success: true, workspaces: [personal, crew].map((w) => ({ ...w, current: w.id === current })) });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { client } = renderApp(<WorkspaceSwitcher />);
    client.setQueryData(['projects'], ['from the old workspace']);

    const picker = await screen.findByRole('combobox', { name: 'Workspace' });
    expect(picker).toHaveDisplayValue('Ada (personal)');

    await user.selectOptions(picker, 'w-crew');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveDisplayValue('North Crew'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toContain('/api/workspaces/current');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ workspaceId: 'w-crew' });
    // a list of the old workspace is stale: it is read again in the new one
    expect(client.getQueryState(['projects'])?.isInvalidated).toBe(true);
  });

  it('shows only the personal workspace as one quiet line, without a picker', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, workspaces: [personal] })));
    renderApp(<WorkspaceSwitcher />);
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New workspace' })).toBeInTheDocument();
  });

  it('makes a new workspace and moves into it', async () => {
    const user = userEvent.setup();
    const made = { id: 'w-new', name: 'South Crew', personal: false, role: 'owner', current: false };
    let switched = false;
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (_url, init) => {
      if (init?.method === 'POST') return json(201, { success: true, message: 'Workspace created', workspace: made });
      if (init?.method === 'PUT') {
        switched = true;
        return json(200, { success: true, message: 'Workspace switched', workspace: { ...made, current: true } });
      }
      return json(200, { success: true, workspaces: switched ? [{ ...personal, current: false }, { ...made, current: true }] : [personal] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<WorkspaceSwitcher />);

    await user.click(await screen.findByRole('button', { name: 'New workspace' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of the new workspace' }), 'South Crew');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveDisplayValue('South Crew'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toMatch(/\/api\/workspaces$/);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'South Crew' });
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ workspaceId: 'w-new' });
  });
});
