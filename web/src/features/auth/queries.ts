/**
 * The session read. Signed out is a normal state, not an error: a 401 answers null (spec §7).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '@onair/protocol';
import { getQueryFn } from '../../lib/api';

export const authQueries = {
  user: () => queryOptions({ queryKey: ['/api/user'] as const, queryFn: getQueryFn<User>({ on401: 'returnNull' }) }),
};

export const USER_QUERY_KEY = authQueries.user().queryKey;

/** Mutations that replace or end this tab's session (a password change, logout): see readSessionAgain. */
export const SESSION_MUTATION_KEY = ['session'] as const;

/**
 * Reads the session again after a sign that it may have ended (a 401, the server cutting the socket).
 * Not while this tab is replacing or ending its own session: its old socket is cut and its in-flight
 * reads are refused before the answer arrives, and reading then would sign out a tab still signed in
 * (or call its own logout an end from elsewhere).
 */
export function readSessionAgain(client: QueryClient) {
  if (client.isMutating({ mutationKey: SESSION_MUTATION_KEY }) > 0) return;
  void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
}
