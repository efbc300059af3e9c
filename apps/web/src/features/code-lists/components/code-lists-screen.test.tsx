import { canAll } from '../../../lib/can';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CONTROL_CODES } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import { CodeListsScreen } from './code-lists-screen';

const VIEW = {
  id: 'l1',
  name: 'Crew list',
  controlCodes: DEFAULT_CONTROL_CODES,
  codes: [{ code: 'FENCE', description: 'Fence', kind: 'line', layer: 'FENCE', colour: '#B22222', threeD: false, attributes: [] }],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};
const DEFAULT = { ...VIEW, id: null, name: 'Default', createdAt: null, updatedAt: null };

/** A fake server: each request recorded with its body, answered by path and method. */
function serve(answers: Record<string, (body: unknown) => [number, unknown]>) {
  const seen: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      seen.push({ key, body });
      const answer = answers[key];
      if (!answer) return Response.json({ success: false, message: `no answer for ${key}` }, { status: 404 });
      const [status, reply] = answer(body);
      return Response.json(reply, { status });
    }),
  );
  return seen;
}
afterEach(() => vi.unstubAllGlobals());

const base = {
  'GET /api/code-lists': () => [200, { success: true, codeLists: [{ id: 'l1', name: 'Crew list', codes: 1, updatedAt: VIEW.updatedAt, projects: 2 }] }] as [number, unknown],
  'GET /api/code-lists/default': () => [200, { success: true, codeList: DEFAULT }] as [number, unknown],
  'GET /api/code-lists/l1': () => [200, { success: true, codeList: VIEW }] as [number, unknown],
};

describe('the code lists screen', () => {
  it('edits a list: a bad code is named before anything is sent, a good one is saved whole', async () => {
    const seen = serve({ ...base, 'PUT /api/code-lists/l1': (body) => [200, { success: true, codeList: { ...VIEW, ...(body as object) } }] });
    const user = userEvent.setup();
    renderApp(<CodeListsScreen can={canAll} />);
    expect(await screen.findByText('1 codes · 2 projects · changed', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Crew list' }));
    const codes = await screen.findByRole('list', { name: 'Codes' });
    await user.click(screen.getByRole('button', { name: 'Add code' }));
    const rows = within(codes).getAllByTestId('code-row');
    expect(rows).toHaveLength(2);
    await user.type(within(rows[1]!).getByLabelText('Code'), 'fence1');
    await user.type(within(rows[1]!).getByLabelText('Layer'), 'X');
    await user.click(screen.getByRole('button', { name: 'Save list' }));
    // FENCE1 is FENCE followed by digits: refused by the contracts, nothing sent
    expect(await screen.findByTestId('code-list-problems')).toHaveTextContent(/Code 2 \(FENCE1\)/);
    expect(seen.some((r) => r.key.startsWith('PUT'))).toBe(false);

    await user.clear(within(rows[1]!).getByLabelText('Code'));
    await user.type(within(rows[1]!).getByLabelText('Code'), 'tree');
    await user.selectOptions(within(rows[1]!).getByLabelText('Kind'), 'point');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Add attribute to TREE' }));
    await user.type(within(rows[1]!).getByLabelText('Attribute'), 'Species');
    await user.selectOptions(within(rows[1]!).getByLabelText('Type'), 'choice');
    await user.type(within(rows[1]!).getByLabelText('Choices (one per line)'), 'Oak{Enter}Ash');
    await user.click(within(rows[1]!).getByLabelText('Required'));
    await user.click(screen.getByRole('button', { name: 'Save list' }));
    await waitFor(() => expect(seen.some((r) => r.key === 'PUT /api/code-lists/l1')).toBe(true));
    const put = seen.find((r) => r.key === 'PUT /api/code-lists/l1')!.body as { codes: unknown[] };
    expect(put.codes[1]).toEqual({
      code: 'TREE',
      description: '',
      kind: 'point',
      layer: 'X',
      colour: '#1D4ED8',
      threeD: true,
      attributes: [{ name: 'Species', type: 'choice', required: true, default: null, choices: ['Oak', 'Ash'] }],
    });
  }, 30_000);

  it('imports a Carlson file; a refused one lists its bad lines', async () => {
    const seen = serve({
      ...base,
      'POST /api/code-lists/import': () => [
        400,
        { success: false, message: 'Line 2: code: must not contain spaces', errors: [{ line: 2, message: 'code: must not contain spaces' }, { line: 4, message: 'layer is required' }] },
      ],
    });
    const user = userEvent.setup();
    renderApp(<CodeListsScreen can={canAll} />);
    await screen.findByText('Crew list');
    const file = new File(['EP,Y,Y,ROAD,Edge\nT REE,N,N,VEG,Tree\n'], 'crew.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('code-list-file'), file);
    const alert = await screen.findByTestId('import-problems');
    expect(alert).toHaveTextContent('crew.csv was not imported');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Line 2: code: must not contain spaces', 'Line 4: layer is required']);
    expect(seen.find((r) => r.key === 'POST /api/code-lists/import')!.body).toEqual({ format: 'csv', content: 'EP,Y,Y,ROAD,Edge\nT REE,N,N,VEG,Tree\n', name: 'crew' });
  });
});
