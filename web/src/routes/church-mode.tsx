import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const ChurchModePage = lazyRouteComponent(() => import('../features/church/ChurchModePage'), 'ChurchModePage');

export const churchModeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/church-mode', component: ChurchModePage });
