import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { Guard } from '../../../app/layout/guard';
import { useForgetLogout } from './use-forget-logout';

function Root() {
  useForgetLogout();
  return <Outlet />;
}

/** The app's route layout in small: a root that forgets the logout mark, the landing page, /login and a guarded page. */
function renderAfterLogout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth'], { status: 'anonymous', loggedOut: true });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/devices']}>
        <Routes>
          <Route element={<Root />}>
            <Route
              path="/"
              element={
                <>
                  <h1>Landing page</h1>
                  <Link to="/devices">Devices</Link>
                </>
              }
            />
            <Route path="/login" element={<h1>Login page</h1>} />
            <Route path="/devices" element={<Guard><h1>Devices page</h1></Guard>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('after logging out', () => {
  it('goes home once, then a protected page opened later asks to log in', async () => {
    renderAfterLogout();
    expect(screen.getByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Devices' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.queryByText('Devices page')).not.toBeInTheDocument();
  });
});
