import { canFor } from '../../../lib/can';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pointView, type DeletedPointView } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { DeletedPoints } from './deleted-points';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A deleted point as GET /api/projects/{id}/deleted-points answers it. */
function deleted(over: Partial<DeletedPointView>): DeletedPointView {
  const blank = Object.fromEntries(Object.keys(pointView.shape).map((k) => [k, null])) as unknown as DeletedPointView;
  return {
    ...blank,
    _id: 'p1', ProjectId: 'pr1', Number: 7, Name: 'MH1', Type: 'recorded', Latitude: 6.9, Longitude: 79.8, Accuracy: 'High',
    Timestamp: '2026-11-20T10:00:00.000Z', Device: 'Rover', Section: 'default', Created_On: '2026-11-20T10:00:00.000Z', Method: 'client',
    Warnings: [], Code: '', Attributes: {}, Note: '', ClientId: null, RecordedBy: { Id: 'u-sur', Name: 'Sam' }, Photos: [],
    DeletedAt: '2026-11-27T09:00:00.000Z', DeletedBy: { Id: 'u-sur', Name: 'Sam' }, RestorableUntil: '2026-12-27T09:00:00.000Z',
    ...over,
  } as DeletedPointView;
}

/** A server for the panel; `other` answers what the test expects to be asked. */
function server(other: Fetch = async () => json(404, { success: false, message: 'Not found' })) {
  return vi.fn<Fetch>(async (url, init) => other(url, init));
}

afterEach(() => vi.unstubAllGlobals());

describe('the deleted points of a project', () => {
  for (const role of ['surveyor', 'viewer', undefined] as const) {
    it(`shows ${role ? `a ${role}` : 'a user whose role is not read yet'} nothing, and does not even ask`, async () => {
      const fetchMock = server();
      vi.stubGlobal('fetch', fetchMock);
      renderApp(<DeletedPoints projectId="pr1" can={canFor(role, 'u-sur')} />);
      await new Promise((ok) => setTimeout(ok, 20));
      expect(screen.queryByText(/Deleted points/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => url.includes('deleted-points'))).toBe(false);
    });
  }

  it('lets an admin restore a point, and says why when its name was taken since', async () => {
    const user = userEvent.setup();
    let list = [deleted({}), deleted({ _id: 'p2', Name: 'K4', Number: 9, DeletedBy: { Id: 'u-adm', Name: 'Ada' } })];
    const restores: string[] = [];
    const fetchMock = server(async (url, init) => {
      if (url.endsWith('/api/projects/pr1/deleted-points')) return json(200, { success: true, points: list });
      const restore = url.match(/deleted-points\/(\w+)\/restore$/);
      if (restore && init?.method === 'POST') {
        restores.push(restore[1]!);
        if (restore[1] === 'p2')
          return json(409, { success: false, message: 'A point named “K4” has been recorded since this one was deleted. Rename that point, then restore this one.' });
        const back = list.find((p) => p._id === restore[1])!;
        list = list.filter((p) => p !== back);
        return json(200, { success: true, message: 'Point restored successfully', data: back });
      }
      return json(404, { success: false, message: 'Not found' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<DeletedPoints projectId="pr1" can={canFor('admin', 'u-adm')} />);

    const items = within(await screen.findByRole('list', { name: 'Deleted points' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('MH1 #7');
    expect(items[0]).toHaveTextContent('Deleted by Sam on Nov 27, 2026 · restorable until Dec 27, 2026');
    expect(screen.getByRole('heading', { name: 'Deleted points (2)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore K4' }));
    expect(await screen.findByText(/A point named “K4” has been recorded since this one was deleted/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore MH1' }));
    expect(await screen.findByText('MH1 restored')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Deleted points' })).getAllByRole('listitem')).toHaveLength(1));
    expect(restores).toEqual(['p2', 'p1']);
  });
});
