import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toasts } from '../components/toast-setup';

/**
 * Renders a screen part with what the app gives it: a fresh query cache, a router and the toast area
 * (as a wrapper, so `rerender` keeps them and the component keeps its state).
 */
export function renderApp(ui: ReactElement, { client = new QueryClient({ defaultOptions: { queries: { retry: false } } }) } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
      <Toasts />
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), client };
}
