import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DEFAULT_SETTINGS, type UserSettings } from '@smi/contracts';
import { applyTheme } from '../../features/settings/theme';
import { AppShell } from './app-shell';

const user = { userId: '0b4c3c8e-6e8a-4b59-9a4f-3a1d2f6b7c10', name: 'Ada', email: 'ada@example.com', isAccountVerified: true };

/** The signed-in shell on /dashboard, with the settings the server answered for this account. */
function openShell(theme: UserSettings['map']['theme']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['auth'], { status: 'verified', user });
  client.setQueryData(['settings'], { ...DEFAULT_SETTINGS, map: { ...DEFAULT_SETTINGS.map, theme } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/dashboard" element={<h1>Home</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  applyTheme('Light');
  localStorage.clear();
});

describe('the signed-in shell', () => {
  it('switches to the Dark theme saved on another device as soon as it opens', async () => {
    applyTheme('Light');
    openShell('Dark');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('smi-theme')).toBe('Dark');
  });

  it('goes back to Light when that is the saved theme, whatever this browser remembered', async () => {
    applyTheme('Dark');
    openShell('Light');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
