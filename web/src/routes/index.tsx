import { createRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { rootRoute } from './__root';

export const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
