import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const SatellitePage = lazyRouteComponent(() => import('../features/satellite/SatellitePage'), 'SatellitePage');

export const satelliteRoute = createRoute({ getParentRoute: () => rootRoute, path: '/satellite', component: SatellitePage });
