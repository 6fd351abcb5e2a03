import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

function VoiceAssistant() {
  return (
    <ComingSoon
      title="Voice Assistant"
      description="Ask for your favourite station out loud."
      plans={[
        'Connect Alexa, Google Assistant or Siri to your account',
        'Example commands and setup steps for each assistant',
        'Turn connected devices on or off, or remove them',
      ]}
    />
  );
}

export const voiceAssistantRoute = createRoute({ getParentRoute: () => rootRoute, path: '/voice-assistant', component: VoiceAssistant });
