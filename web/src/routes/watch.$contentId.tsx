import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const WatchPage = lazyRouteComponent(() => import('../features/watch/WatchPage'), 'WatchPage');

function Watch() {
  const { contentId } = watchRoute.useParams();
  return <WatchPage contentId={contentId} />;
}

/** One live or recorded item, opened from the Live Broadcasting grid. */
export const watchRoute = createRoute({ getParentRoute: () => rootRoute, path: '/watch/$contentId', component: Watch });
