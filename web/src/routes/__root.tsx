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
import { lazy, Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { useAuth } from '../features/auth/AuthProvider';
import { NotFound } from '../features/shell/StatusScreens';

// Each screen's code loads when it is first shown: a signed-out visitor does not download the
// signed-in shell (navigation, menus, the socket), and a signed-in one not the landing page.
const loadLandingPage = () => import('../features/landing/LandingPage');
const AuthPage = lazy(() => import('../features/auth/AuthPage').then((m) => ({ default: m.AuthPage })));
const LandingPage = lazy(() => loadLandingPage().then((m) => ({ default: m.LandingPage })));
const AppLayout = lazy(() => import('../features/shell/AppLayout').then((m) => ({ default: m.AppLayout })));

// /landing shows the landing page to everyone who sees it (signed in, it redirects): fetch its code
// while the session is being checked instead of after.
if (window.location.pathname === '/landing') void loadLandingPage();

/** Paths meant for signed-out visitors only. */
export const PUBLIC_PATHS = new Set(['/auth', '/landing']);
const TV_PATH = '/tv';
/** An invitation link: signed out, its own screen signs in or registers (and keeps the link). */
const INVITATION_PREFIX = '/invitation/';

function SessionLoading() {
  return (
    <Center h="100vh">
      <Loader aria-label="Loading your session" />
    </Center>
  );
}

function Root() {
  const { user, isLoading } = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The TV screen is full-screen and pairs instead of signing in.
  if (pathname === TV_PATH) return <Outlet />;
  if (isLoading) return <SessionLoading />;
  if (!user) {
    if (pathname.startsWith(INVITATION_PREFIX)) return <Outlet />;
    return <Loaded>{pathname === '/landing' ? <LandingPage /> : <AuthPage />}</Loaded>;
  }
  if (PUBLIC_PATHS.has(pathname)) return <Navigate to="/" replace />;
  return (
    <Loaded>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </Loaded>
  );
}

function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<SessionLoading />}>{children}</Suspense>;
}

export const rootRoute = createRootRoute({ component: Root, notFoundComponent: NotFound });
