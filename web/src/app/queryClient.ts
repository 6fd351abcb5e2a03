import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../lib/api';

/** Spec §7 defaults: no retry, no refetch on focus, no polling unless a query asks, never stale. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
