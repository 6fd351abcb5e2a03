import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

const MobilePage = lazyRouteComponent(() => import('../features/mobile/MobilePage'), 'MobilePage');

export const mobileRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mobile', component: MobilePage });
