import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

const VoiceAssistantPage = lazyRouteComponent(() => import('../features/voice/VoiceAssistantPage'), 'VoiceAssistantPage');

export const voiceAssistantRoute = createRoute({ getParentRoute: () => rootRoute, path: '/voice-assistant', component: VoiceAssistantPage });
