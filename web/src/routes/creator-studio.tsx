import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RequireRole } from '../features/shell/RequireRole';
import { CreatorAccessRequired } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const CreatorStudioPage = lazyRouteComponent(() => import('../features/streaming/CreatorStudioPage'), 'CreatorStudioPage');

/** Creators and admins only (spec §6); the Studio's API calls are refused to others by the server too. */
function CreatorStudio() {
  return (
    <RequireRole roles={['creator', 'admin']} fallback={<CreatorAccessRequired />}>
      <CreatorStudioPage />
    </RequireRole>
  );
}

export const creatorStudioRoute = createRoute({ getParentRoute: () => rootRoute, path: '/creator-studio', component: CreatorStudio });
