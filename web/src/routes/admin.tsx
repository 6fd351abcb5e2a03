import { createRoute } from '@tanstack/react-router';
import { RequireRole } from '../features/shell/RequireRole';
import { AccessDenied, ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

/** Administrators only (spec §6); every /api/admin call is refused to others by the server too. */
function Admin() {
  return (
    <RequireRole roles={['admin']} fallback={<AccessDenied />}>
      <ComingSoon
        title="Admin Dashboard"
        description="One place to keep the platform healthy."
        plans={[
          'Content, regional and usage analytics computed from recorded views',
          'A moderation queue with approve and reject decisions',
          'User management: verify, suspend, change roles and message people',
          'Live system health: load, database, API latency and connections',
        ]}
      />
    </RequireRole>
  );
}

export const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: Admin });
