import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toasts } from '../components/toast-setup';
import { ApiError } from '../lib/api-client';
import { liveFeed } from '../lib/socket';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        // a 4xx will not change by asking again; a dropped connection might
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? makeQueryClient());
  // after the live feed comes back from a drop, what it missed is read again over REST
  useEffect(() => liveFeed.onResync(() => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' })), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
