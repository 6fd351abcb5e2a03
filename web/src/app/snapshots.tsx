/**
 * Screens rendered once at build time (scripts/vite-page-snapshots.ts) so a first visit paints them
 * as soon as the HTML and its stylesheets arrive, not after the app's code has downloaded, run and
 * read the session (issue 14: LCP ≤ 1 s). The API serves them (api/src/plugins/web.ts):
 * - /landing, signed out: the landing page;
 * - /, signed in: the shell and the home page, one file per role (the navigation differs), with
 *   `PAGE_SNAPSHOTS.usernameSlot` where the header names who is signed in, which the API fills.
 *
 * Rendered with no data: every query stays pending, so figures show their loading state, as in the
 * app's own first render; nothing is made up at build time. The app removes a snapshot when it has
 * something of its own to show (lib/page-snapshot.ts), so it never answers clicks for long; its
 * links are plain links.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { Role, User } from '@onair/protocol';
import { PAGE_SNAPSHOTS } from '@onair/protocol/constants';
import { AuthProvider, USER_QUERY_KEY } from '../features/auth/AuthProvider';
import { HomePage } from '../features/home/HomePage';
import { LandingPage } from '../features/landing/LandingPage';
import { AppLayout } from '../features/shell/AppLayout';
import { readableText, theme } from './theme';

/** A screen's markup at `path`, in the light scheme with the theme's variables, for a session of `user` (or none). */
async function renderScreen(path: string, Screen: () => ReactNode, user: User | null): Promise<string> {
  // Only the Links' targets matter here; the app's own router takes over in the browser.
  const router = createRouter({ routeTree: createRootRoute({ component: Screen }), history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  // Nothing is fetched at build time: every query stays pending (disabled; its function never runs),
  // but the session's, which is the snapshot's to say.
  const queries = new QueryClient({ defaultOptions: { queries: { enabled: false, queryFn: () => new Promise<never>(() => undefined) } } });
  if (user) queries.setQueryData(USER_QUERY_KEY, user);
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={readableText}>
      <QueryClientProvider client={queries}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export function renderLandingSnapshot(): Promise<string> {
  return renderScreen('/landing', LandingPage, null);
}

function SignedInHome() {
  return (
    <AppLayout>
      <HomePage />
    </AppLayout>
  );
}

/** The shell and the home page as `role` sees them; only the username is left to the server. */
export function renderHomeSnapshot(role: Role): Promise<string> {
  const user: User = {
    id: 0,
    username: PAGE_SNAPSHOTS.usernameSlot,
    email: '',
    firstName: null,
    lastName: null,
    role,
    subscription: 'free',
    verified: true,
    creatorRequest: null,
    createdAt: new Date(0).toISOString(),
  };
  return renderScreen('/', SignedInHome, user);
}
