/**
 * The measured caption quality (`npm run bench:captions`), shown next to the captions feature on the
 * AI page and the landing page. No measurement stored here means nothing is shown: OnAir never
 * repeats an accuracy figure it has not measured.
 */
import { Text, type TextProps } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptionsQualityAnswer } from '@onair/protocol';

export const captionsQualityQuery = () => queryOptions<CaptionsQualityAnswer>({ queryKey: ['/api/captions/quality'], staleTime: 5 * 60_000 });

export function CaptionsQuality({ detail = false, ...props }: { detail?: boolean } & TextProps) {
  const answer = useQuery(captionsQualityQuery());
  const quality = answer.data?.quality;
  if (!quality) return null;
  return (
    <Text size="sm" {...props} data-testid="captions-quality">
      Captions: {quality.wordAccuracyPercent} % word accuracy on {quality.corpus}, offline engine
      {detail && ` (word error rate ${(quality.wordErrorRate * 100).toFixed(1)} % over ${quality.referenceWords} words in ${quality.files} recordings, real-time factor ${quality.realTimeFactor}, measured ${new Date(quality.measuredAt).toLocaleDateString()})`}
    </Text>
  );
}
