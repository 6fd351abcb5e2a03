import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const AiPage = lazyRouteComponent(() => import('../features/ai/AiPage'), 'AiPage');

export const aiRoute = createRoute({ getParentRoute: () => rootRoute, path: '/ai', component: AiPage });
