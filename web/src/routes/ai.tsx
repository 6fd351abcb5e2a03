import { createRoute } from '@tanstack/react-router';
import { AiPage } from '../features/ai/AiPage';
import { rootRoute } from './__root';

export const aiRoute = createRoute({ getParentRoute: () => rootRoute, path: '/ai', component: AiPage });
