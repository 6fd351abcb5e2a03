import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

function EducationMode() {
  return (
    <ComingSoon
      title="Education"
      description="Live classes and course material for schools and universities."
      plans={[
        'Register your institution and choose a plan',
        'Publish learning material by subject, grade level and curriculum',
        'Enrol students and follow their progress',
      ]}
    />
  );
}

export const educationModeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/education-mode', component: EducationMode });
