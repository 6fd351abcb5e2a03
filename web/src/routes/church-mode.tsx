import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

function ChurchMode() {
  return (
    <ComingSoon
      title="Church Mode"
      description="Bring services to members who cannot be there in person."
      plans={[
        'Live services, sermons and choir broadcasts',
        'Recordings members can watch later, as video or podcast',
        'Prayer requests and announcements alongside the stream',
      ]}
    />
  );
}

export const churchModeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/church-mode', component: ChurchMode });
