import { createRoute } from '@tanstack/react-router';
import { LanguagesPage } from '../features/languages/LanguagesPage';
import { rootRoute } from './__root';

export const languagesRoute = createRoute({ getParentRoute: () => rootRoute, path: '/languages', component: LanguagesPage });
