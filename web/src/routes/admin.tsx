import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { RequireRole } from '../features/shell/RequireRole';
import { AccessDenied } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const AdminPage = lazyRouteComponent(() => import('../features/admin/AdminPage'), 'AdminPage');

/** Administrators only (spec §6); every /api/admin call is refused to others by the server too. */
function Admin() {
  return (
    <RequireRole roles={['admin']} fallback={<AccessDenied />}>
      <AdminPage />
    </RequireRole>
  );
}

export const adminRoute = createRoute({ getParentRoute: () => rootRoute, path: '/admin', component: Admin });
