import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { NtripSourceRow } from './ntrip-source-row';

const stored = { url: 'ntrip://rtk.example.net:2101/VRS32', username: 'crew1', hasPassword: true, inUse: true, state: 'connected', lastError: null, correctionAgeS: 1.4 };

/** The api as the row sees it: GET answers what is stored, PUT is recorded and answers what is then stored. */
function api() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { url: string; username: string };
        puts.push(body);
        return Response.json({ success: true, message: 'NTRIP credentials saved', source: { ...stored, url: body.url, username: body.username } });
      }
      expect(url).toBe('/api/user/ntrip-source');
      return Response.json({ success: true, source: stored });
    }),
  );
  return puts;
}
afterEach(() => vi.unstubAllGlobals());

describe('Settings\' NTRIP Credentials', () => {
  it('are disabled while RTK Correction Source is BASE', async () => {
    api();
    renderApp(<NtripSourceRow enabled={false} />);
    expect(await screen.findByDisplayValue(stored.url)).toBeDisabled();
    expect(screen.getByLabelText('NTRIP User Name')).toBeDisabled();
    expect(screen.getByLabelText('NTRIP Password')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('never show the stored password, keep it when the field is left empty, and send a new one once', async () => {
    const puts = api();
    const user = userEvent.setup();
    renderApp(<NtripSourceRow enabled />);
    const password = screen.getByLabelText('NTRIP Password');
    await screen.findByDisplayValue(stored.url);
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Password (stored)');
    expect(screen.getByTestId('ntrip-state')).toHaveTextContent('Connected · corrections 1.4 s old');

    await user.clear(screen.getByLabelText('NTRIP User Name'));
    await user.type(screen.getByLabelText('NTRIP User Name'), 'crew2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('NTRIP credentials saved');
    expect(puts).toEqual([{ url: stored.url, username: 'crew2' }]);

    await user.type(password, 'new-pw');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ url: stored.url, username: 'crew2', password: 'new-pw' });
    await waitFor(() => expect(password).toHaveValue(''));
  });

  it('refuse a URL without a mountpoint before sending it', async () => {
    const puts = api();
    const user = userEvent.setup();
    renderApp(<NtripSourceRow enabled />);
    const url = await screen.findByDisplayValue(stored.url);
    await user.clear(url);
    await user.type(url, 'rtk.example.net:2101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('URL must look like ntrip://caster.example.net:2101/MOUNTPOINT');
    expect(puts).toEqual([]);
  });
});
