import { createRoute } from '@tanstack/react-router';
import { RequireRole } from '../features/shell/RequireRole';
import { AdminPage } from '../features/admin/AdminPage';
import { AccessDenied } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

/** Administrators only (spec §6); every /api/admin call is refused to others by the server too. */
function Admin() {
  return (
    <RequireRole roles={['admin']} fallback={<AccessDenied />}>
      <AdminPage />
    </RequireRole>
  );
}

export const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: Admin });
