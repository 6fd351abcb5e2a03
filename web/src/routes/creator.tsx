import { createRoute } from '@tanstack/react-router';
import { CreatorDashboard } from '../features/creator/CreatorDashboard';
import { rootRoute } from './__root';

export const creatorRoute = createRoute({ getParentRoute: () => rootRoute, path: '/creator', component: CreatorDashboard });
