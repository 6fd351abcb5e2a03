import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const LanguagesPage = lazyRouteComponent(() => import('../features/translation/LanguagesPage'), 'LanguagesPage');

export const languagesRoute = createRoute({ getParentRoute: () => rootRoute, path: '/languages', component: LanguagesPage });
