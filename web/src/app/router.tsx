/**
 * Routes (spec §2) with real guards: signed out, /landing shows the landing page and every other path
 * the sign-in page; signed in, /auth and /landing go to /, and unknown paths get the 404 page.
 */
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, createRootRoute, createRoute, createRouter, useRouterState } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/AuthPage';
import { useAuth } from '../features/auth/AuthProvider';
import { LandingPage } from '../features/landing/LandingPage';
import { AppLayout } from '../features/shell/AppLayout';
import { NotFound } from '../features/shell/StatusScreens';
import { WatchPage } from '../features/watch/WatchPage';
import { PAGES } from './pages';

const PUBLIC_PATHS = new Set(['/auth', '/landing']);

function Root() {
  const { user, isLoading } = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (isLoading) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!user) return pathname === '/landing' ? <LandingPage /> : <AuthPage />;
  if (PUBLIC_PATHS.has(pathname)) return <Navigate to="/" replace />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

const rootRoute = createRootRoute({ component: Root, notFoundComponent: NotFound });

const page = <P extends string>(path: P) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: PAGES[path] ?? NotFound });

const watchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/watch/$contentId',
  component: function Watch() {
    return <WatchPage contentId={watchRoute.useParams().contentId} />;
  },
});

const routeTree = rootRoute.addChildren([
  // The root renders these two itself (signed out) or redirects (signed in).
  createRoute({ getParentRoute: () => rootRoute, path: '/auth', component: () => null }),
  createRoute({ getParentRoute: () => rootRoute, path: '/landing', component: () => null }),
  page('/'),
  page('/ai'),
  page('/creator-studio'),
  page('/creator'),
  page('/analytics'),
  page('/admin'),
  page('/satellite'),
  page('/mobile'),
  page('/smart-tv'),
  page('/interactions'),
  page('/monetization'),
  page('/voice-assistant'),
  page('/podcast-syndication'),
  page('/education-mode'),
  page('/church-mode'),
  page('/languages'),
  watchRoute,
]);

export const router = createRouter({ routeTree, defaultNotFoundComponent: NotFound });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
