/**
 * The landing page as HTML, rendered once at build time (scripts/vite-landing-snapshot.ts) and served
 * for /landing, so a first visit paints the page as soon as its HTML and stylesheets arrive, not after
 * the app's code has downloaded, run and checked the session (issue 14: LCP ≤ 1 s).
 *
 * Rendered with no data: the figures show their loading state and the measured caption quality is
 * absent, as in the app's own first render. The app removes the snapshot when it has something of its
 * own to show (removeLandingSnapshot), so it never answers clicks for long; its links are plain links.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { readableText, theme } from '../../app/theme';
import { LandingPage } from './LandingPage';

/** The landing page's markup, with the Mantine theme's variables, in the light scheme. */
export async function renderLandingSnapshot(): Promise<string> {
  // Only the Links' targets matter here; the app's own router takes over in the browser.
  const router = createRouter({
    routeTree: createRootRoute({ component: LandingPage }),
    history: createMemoryHistory({ initialEntries: ['/landing'] }),
  });
  await router.load();
  // Nothing is fetched at build time: every query stays pending (disabled; its function never runs).
  const queries = new QueryClient({ defaultOptions: { queries: { enabled: false, queryFn: () => new Promise<never>(() => undefined) } } });
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={readableText}>
      <QueryClientProvider client={queries}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
