import { createRoute } from '@tanstack/react-router';
import { RequireRole } from '../features/shell/RequireRole';
import { CreatorAccessRequired } from '../features/shell/StatusScreens';
import { CreatorStudioPage } from '../features/studio/CreatorStudioPage';
import { rootRoute } from './__root';

/** Creators and admins only (spec §6); the Studio's API calls are refused to others by the server too. */
function CreatorStudio() {
  return (
    <RequireRole roles={['creator', 'admin']} fallback={<CreatorAccessRequired />}>
      <CreatorStudioPage />
    </RequireRole>
  );
}

export const creatorStudioRoute = createRoute({ getParentRoute: () => rootRoute, path: '/creator-studio', component: CreatorStudio });
