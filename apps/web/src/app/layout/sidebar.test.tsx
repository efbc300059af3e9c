import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { Sidebar } from './sidebar';

const user = { userId: '0b4c3c8e-6e8a-4b59-9a4f-3a1d2f6b7c10', name: 'Ada', email: 'ada@example.com', isAccountVerified: true };

/** The menu of a member with `role` in the current workspace (the workspaces list as the server answered it). */
function menuAs(role: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['auth'], { status: 'verified', user });
  client.setQueryData(['workspaces'], [{ id: 'w-crew', name: 'North Crew', personal: false, role, current: true }]);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Sidebar open onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('navigation'));
}

describe('the menu', () => {
  it.each(['owner', 'admin'])('offers the audit trail to an %s', (role) => {
    const nav = menuAs(role);
    expect(nav.getByRole('link', { name: 'Audit trail' })).toHaveAttribute('href', '/workspace/audit');
  });

  it.each(['surveyor', 'viewer'])('offers a %s no audit trail, which the server would refuse them', (role) => {
    const nav = menuAs(role);
    expect(nav.getByRole('link', { name: 'Members' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Audit trail' })).not.toBeInTheDocument();
  });
});
