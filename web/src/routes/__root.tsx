/**
 * The root route holds the session guard of spec §2, so it applies to every path, including paths
 * that match no route:
 * - while the session loads: a loader (nothing protected flashes on screen);
 * - when it cannot be read (offline, server down): a screen that says so and tries again;
 * - signed out: /landing shows the landing page, /invitation/{token} its own sign-in or sign-up, and
 *   every other path the sign-in page, at its own URL
 *   (after signing in the person is sent to /);
 * - signed in: /auth and /landing redirect to /, everything else renders inside the app shell, and
 *   an unknown path gets the 404 page there.
 * Role guards live on the routes that need them (admin, creator-studio); the server checks roles too.
 */
import { Center, Loader } from '@mantine/core';
import { ErrorComponent, Navigate, Outlet, createRootRoute, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { useAuth } from '../features/auth/AuthProvider';
import { SessionUnreachable } from '../features/auth/SessionUnreachable';
import { wasSignedIn } from '../features/auth/signed-in-hint';
import { NotFound } from '../features/shell/StatusScreens';
import { lazyScreen } from '../lib/lazy-screen';
import { pageSnapshotScreen, removePageSnapshot, type SnapshotScreen } from '../lib/page-snapshot';

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

// Each screen's code loads when it is first shown: a signed-out visitor does not download the
// signed-in shell (navigation, menus, the socket), and a signed-in one not the landing page.
const AuthPage = lazyScreen(() => import('../features/auth/AuthPage').then((m) => m.AuthPage), SessionLoading);
const LandingPage = lazyScreen(() => import('../features/landing/LandingPage').then((m) => m.LandingPage), SessionLoading);
const AppLayout = lazyScreen(() => import('../features/shell/AppLayout').then((m) => m.AppLayout), SessionLoading);

// Fetch the code of the screen this visit most likely shows while the session is being checked,
// instead of after: /landing shows the landing page to everyone who sees it (signed in, it
// redirects); elsewhere a browser signed in at its last visit gets the shell. A wrong guess costs a
// download, never the wrong screen; a failed one is retried when the screen mounts.
const firstPath = window.location.pathname;
if (firstPath === '/landing') LandingPage.preload().catch(() => undefined);
else if (!PUBLIC_PATHS.has(firstPath) && firstPath !== TV_PATH && wasSignedIn()) AppLayout.preload().catch(() => undefined);

function Root() {
  const { user, isLoading, unreachable, retry, retrying } = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // /landing signed out and / signed in arrive with the build's snapshot of their screen on show: it
  // stays while the session loads and the screen's code arrives, and the screen removes it when it
  // mounts; anything else shown instead does.
  const coming: SnapshotScreen | null = unreachable ? null : user ? (pathname === '/' ? 'home' : null) : pathname === '/landing' ? 'landing' : null;
  useLayoutEffect(() => {
    if (!isLoading && pageSnapshotScreen() !== coming) removePageSnapshot();
  }, [isLoading, coming]);
  // The TV screen is full-screen and pairs instead of signing in.
  if (pathname === TV_PATH) return <Outlet />;
  if (isLoading) return <SessionLoading />;
  // Not the sign-in page: the person may well be signed in, and it could not sign them in anyway.
  if (unreachable) return <SessionUnreachable retry={retry} retrying={retrying} />;
  if (!user) {
    if (pathname.startsWith(INVITATION_PREFIX)) return <Outlet />;
    return pathname === '/landing' ? <LandingPage /> : <AuthPage />;
  }
  if (PUBLIC_PATHS.has(pathname)) return <Navigate to="/" replace />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

/** Router's own error screen; a page snapshot, if still up, would hide it. */
function RootError(props: ErrorComponentProps) {
  useLayoutEffect(removePageSnapshot, []);
  return <ErrorComponent {...props} />;
}

export const rootRoute = createRootRoute({ component: Root, errorComponent: RootError, notFoundComponent: () => <NotFound /> });
