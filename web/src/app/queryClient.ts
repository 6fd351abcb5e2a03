import { QueryCache, QueryClient } from '@tanstack/react-query';
import { readSessionAgain } from '../features/auth/queries';
import { ApiError, getQueryFn } from '../lib/api';

/** Spec §7 defaults: no retry, no refetch on focus, no polling unless a query asks, never stale. */
export const queryClient: QueryClient = new QueryClient({
  // A read refused with 401 means the session has ended (on the server, or in another tab): the
  // session is read again, and the app signs out if it has. The session read itself answers null on a
  // 401, never an error, so this cannot loop.
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) readSessionAgain(queryClient);
    },
  }),
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
