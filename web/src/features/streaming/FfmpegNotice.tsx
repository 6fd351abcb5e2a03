import { Alert, Code, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { mediaStudioQueries } from './mediaQueries';

/** True when this server reports it has no ffmpeg (nothing can be packaged); false when it has, or says nothing. */
export function useFfmpegMissing(): boolean {
  const capabilities = useQuery(mediaStudioQueries.capabilities());
  return capabilities.data?.ffmpeg === false;
}

/** Says what to install when the server cannot package video or audio. Hidden when the server has ffmpeg or does not say. */
export function FfmpegNotice() {
  const capabilities = useQuery(mediaStudioQueries.capabilities());
  if (capabilities.data?.ffmpeg !== false) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={16} />} title="ffmpeg is not installed on this server" data-testid="ffmpeg-missing">
      <Text size="sm">
        OnAir needs ffmpeg to turn your encoder&apos;s stream into video and audio for viewers, to restream and to record. Until it is installed, going live
        publishes your broadcast, chat and polls, but no picture or sound.
      </Text>
      <Text size="sm" mt={6}>
        {capabilities.data.install ?? 'Install ffmpeg (Debian/Ubuntu: '}
        {capabilities.data.install ? null : (
          <>
            <Code>sudo apt-get install ffmpeg</Code>; macOS: <Code>brew install ffmpeg</Code>), or set FFMPEG_PATH, then restart OnAir.
          </>
        )}
      </Text>
    </Alert>
  );
}
