import { createRoute } from '@tanstack/react-router';
import { SatellitePage } from '../features/satellite/SatellitePage';
import { rootRoute } from './__root';

export const satelliteRoute = createRoute({ getParentRoute: () => rootRoute, path: '/satellite', component: SatellitePage });
