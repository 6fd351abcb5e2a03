/**
 * The session: the current user is read from GET /api/user (401 → signed out); login and register
 * set the cached user, logout clears it (spec §4), and so does deleting the account. Toasts of spec §8
 * on success and failure.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { DeleteAccountRequest, LoginRequest, RegisterRequest, User } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { connectFor } from '../../lib/socket';
import { toast, toastError } from '../../lib/toast';
import { authQueries, SESSION_MUTATION_KEY, USER_QUERY_KEY } from './queries';
import { rememberSignedIn } from './signed-in-hint';

export { USER_QUERY_KEY };

interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  /** The session could not be read (network or server down): signed in or not is unknown. */
  unreachable: boolean;
  /** Reads the session again (while unreachable). */
  retry: () => void;
  retrying: boolean;
  login: UseMutationResult<User, Error, LoginRequest>;
  register: UseMutationResult<User, Error, RegisterRequest>;
  logout: UseMutationResult<void, Error, void>;
  /** DELETE /api/user: the account and everything only its own; signed out here once it answers. */
  deleteAccount: UseMutationResult<void, Error, DeleteAccountRequest>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const session = useQuery(authQueries.user());
  const signedInNow = session.isPending ? null : Boolean(session.data);
  useEffect(() => {
    if (signedInNow !== null) rememberSignedIn(signedInNow);
  }, [signedInNow]);

  // When a session ends (logout, or found expired), forget what it had fetched: in an effect, after
  // the signed-in screens have unmounted. Removed under them, their queries would fetch again at
  // once, signed out, and meet a 401 each.
  const wasSignedInHere = useRef(false);
  // Set by this tab's Logout: any other end of the session (another tab, the server) is said in a toast.
  const loggedOutHere = useRef(false);
  useEffect(() => {
    if (signedInNow === false && wasSignedInHere.current) {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      if (!loggedOutHere.current) {
        toast({ title: 'Signed Out', description: 'Your session has ended (signed out elsewhere, a password change or an administrator). Sign in again to continue.', variant: 'destructive' });
      }
    }
    if (signedInNow !== null) wasSignedInHere.current = signedInNow;
    if (signedInNow) loggedOutHere.current = false;
  }, [signedInNow, client]);

  /** This tab ended its own session (logout, a deleted account): no "Signed Out" toast for it. */
  const signedOutHere = () => {
    loggedOutHere.current = true;
    connectFor(null);
    // The cached data of the session goes once its screens have (the effect above).
    client.setQueryData(USER_QUERY_KEY, null);
  };

  const signedIn = (user: User) => {
    // Whatever was cached belonged to the previous session.
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
    client.setQueryData(USER_QUERY_KEY, user);
  };

  const login = useMutation({
    mutationFn: (credentials: LoginRequest) => apiRequest<User>('POST', '/api/login', credentials),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Welcome back!', description: `Logged in as ${user.username}` });
    },
    onError: toastError('Login failed'),
  });

  const register = useMutation({
    mutationFn: (input: RegisterRequest) => apiRequest<User>('POST', '/api/register', input),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Account created successfully!', description: `Welcome to OnAir, ${user.firstName || user.username}!` });
    },
    onError: toastError('Registration failed'),
  });

  const logout = useMutation({
    // The server cuts this session's sockets before it answers: that cut must not read the session
    // again (readSessionAgain), which would race the logout and say "Signed Out" as if from elsewhere.
    mutationKey: SESSION_MUTATION_KEY,
    mutationFn: () => apiRequest<void>('POST', '/api/logout'),
    onSuccess: () => {
      signedOutHere();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    },
    onError: toastError('Logout failed'),
  });

  const deleteAccount = useMutation({
    mutationKey: SESSION_MUTATION_KEY,
    mutationFn: (input: DeleteAccountRequest) => apiRequest<void>('DELETE', '/api/user', input),
    onSuccess: () => {
      signedOutHere();
      toast({ title: 'Account Deleted', description: 'Your account and everything in it have been deleted.' });
    },
    onError: toastError('Delete Failed'),
  });

  // A 401 reads as null (signed out); an error is a read that never got an answer. A failed refetch
  // keeps the data it had, so only a session never read counts as unreachable.
  const unreachable = session.isError && session.data === undefined;
  const { refetch } = session;
  const retry = useCallback(() => void refetch(), [refetch]);
  const value = useMemo<AuthContextValue>(
    () => ({ user: session.data ?? null, isLoading: session.isPending && !unreachable, unreachable, retry, retrying: session.isFetching, login, register, logout, deleteAccount }),
    [session.data, session.isPending, session.isFetching, unreachable, retry, login, register, logout, deleteAccount],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
