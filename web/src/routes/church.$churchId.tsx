import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { NotFound } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const ChurchPage = lazyRouteComponent(() => import('../features/church/ChurchPage'), 'ChurchPage');

function Church() {
  const { churchId } = churchRoute.useParams();
  const id = Number(churchId);
  return Number.isInteger(id) && id > 0 ? <ChurchPage churchId={id} /> : <NotFound />;
}

/** A congregation's page: any signed-in person may open it (signed-out visitors get the sign-in page). */
export const churchRoute = createRoute({ getParentRoute: () => rootRoute, path: '/church/$churchId', component: Church });
