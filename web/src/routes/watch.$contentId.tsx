import { createRoute } from '@tanstack/react-router';
import { WatchPage } from '../features/watch/WatchPage';
import { rootRoute } from './__root';

function Watch() {
  const { contentId } = watchRoute.useParams();
  return <WatchPage contentId={contentId} />;
}

/** One live or recorded item, opened from the Live Broadcasting grid. */
export const watchRoute = createRoute({ getParentRoute: () => rootRoute, path: '/watch/$contentId', component: Watch });
