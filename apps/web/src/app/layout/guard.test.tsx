import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AuthState } from '../../features/auth/api/auth-state';
import { Guard } from './guard';

const user = { userId: '0b4c3c8e-6e8a-4b59-9a4f-3a1d2f6b7c10', name: 'Ada', email: 'ada@example.com', isAccountVerified: true };

/** Renders the guard in front of a page; `auth` is the session state the app already knows, or none yet. */
function renderGuarded(auth?: AuthState) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (auth) client.setQueryData(['auth'], auth);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/devices']}>
        <Routes>
          <Route path="/devices" element={<Guard><h1>Devices page</h1></Guard>} />
          <Route path="/login" element={<h1>Login page</h1>} />
          <Route path="/" element={<h1>Landing page</h1>} />
          <Route path="/email-verify" element={<h1>Verify page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the route guard', () => {
  it('lets a verified user through', () => {
    renderGuarded({ status: 'verified', user });
    expect(screen.getByRole('heading', { name: 'Devices page' })).toBeInTheDocument();
  });

  it('sends a visitor who is not logged in to /login', () => {
    renderGuarded({ status: 'anonymous' });
    expect(screen.getByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.queryByText('Devices page')).not.toBeInTheDocument();
  });

  it('sends a user who just logged out to the landing page', () => {
    renderGuarded({ status: 'anonymous', loggedOut: true });
    expect(screen.getByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
  });

  it('sends a logged-in but unverified user to /email-verify', () => {
    renderGuarded({ status: 'unverified', user: { ...user, isAccountVerified: false } });
    expect(screen.getByRole('heading', { name: 'Verify page' })).toBeInTheDocument();
  });

  it('shows the splash while the session is checked, and /login when the check cannot reach the server', async () => {
    // no server answers here, so the check fails like a dropped connection would
    renderGuarded();
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});
