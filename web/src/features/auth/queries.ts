/**
 * The session read. Signed out is a normal state, not an error: a 401 answers null (spec §7).
 */
import { queryOptions } from '@tanstack/react-query';
import type { User } from '@onair/protocol';
import { getQueryFn } from '../../lib/api';

export const authQueries = {
  user: () => queryOptions({ queryKey: ['/api/user'] as const, queryFn: getQueryFn<User>({ on401: 'returnNull' }) }),
};

export const USER_QUERY_KEY = authQueries.user().queryKey;
