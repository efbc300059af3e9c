import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { AcceptInvitation } from './accept-invitation';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('accepting an invitation from its link', () => {
  it('joins only on a tap, says the server’s refusal, and names the workspace once joined', async () => {
    const user = userEvent.setup();
    const fetchMock = vi
      .fn<(url: string, init?: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(json(403, { success: false, message: 'This invitation is for another e-mail address. Sign in as kim@example.com to accept it.' }))
      .mockResolvedValueOnce(
        json(200, { success: true, message: 'You joined the workspace', workspace: { id: 'w1', name: 'North Crew', personal: false, role: 'surveyor', current: true } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<AcceptInvitation token="tok-123" email="lee@example.com" />);

    expect(screen.getByText('lee@example.com')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in as kim@example.com to accept it.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toContain('/api/invitations/accept');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok-123' });

    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You joined North Crew as surveyor.');
    expect(screen.getByRole('link', { name: 'Go to its projects' })).toHaveAttribute('href', '/projects');
  });
});
