import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const EducationPage = lazyRouteComponent(() => import('../features/education/EducationPage'), 'EducationPage');

export const educationModeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/education-mode', component: EducationPage });
