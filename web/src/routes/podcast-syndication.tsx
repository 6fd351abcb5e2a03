import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RequireRole } from '../features/shell/RequireRole';
import { CreatorAccessRequired } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const PodcastSyndicationPage = lazyRouteComponent(() => import('../features/syndication/PodcastSyndicationPage'), 'PodcastSyndicationPage');

/** Creators and admins syndicate their shows; the API refuses everyone else too. */
function PodcastSyndication() {
  return (
    <RequireRole roles={['creator', 'admin']} fallback={<CreatorAccessRequired />}>
      <PodcastSyndicationPage />
    </RequireRole>
  );
}

export const podcastSyndicationRoute = createRoute({ getParentRoute: () => rootRoute, path: '/podcast-syndication', component: PodcastSyndication });
