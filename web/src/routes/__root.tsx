/**
 * The root route holds the session guard of spec §2, so it applies to every path, including paths
 * that match no route:
 * - while the session loads: a loader (nothing protected flashes on screen);
 * - signed out: /landing shows the landing page, /invitation/{token} its own sign-in or sign-up, and
 *   every other path the sign-in page, at its own URL
 *   (after signing in the person is sent to /);
 * - signed in: /auth and /landing redirect to /, everything else renders inside the app shell, and
 *   an unknown path gets the 404 page there.
 * Role guards live on the routes that need them (admin, creator-studio); the server checks roles too.
 */
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/AuthPage';
import { useAuth } from '../features/auth/AuthProvider';
import { LandingPage } from '../features/landing/LandingPage';
import { AppLayout } from '../features/shell/AppLayout';
import { NotFound } from '../features/shell/StatusScreens';

/** Paths meant for signed-out visitors only. */
export const PUBLIC_PATHS = new Set(['/auth', '/landing']);
const TV_PATH = '/tv';
/** An invitation link: signed out, its own screen signs in or registers (and keeps the link). */
const INVITATION_PREFIX = '/invitation/';

function Root() {
  const { user, isLoading } = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The TV screen is full-screen and pairs instead of signing in.
  if (pathname === TV_PATH) return <Outlet />;
  if (isLoading) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading your session" />
      </Center>
    );
  }
  if (!user) return pathname === '/landing' ? <LandingPage /> : pathname.startsWith(INVITATION_PREFIX) ? <Outlet /> : <AuthPage />;
  if (PUBLIC_PATHS.has(pathname)) return <Navigate to="/" replace />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

export const rootRoute = createRootRoute({ component: Root, notFoundComponent: NotFound });
