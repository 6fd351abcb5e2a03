/**
 * The live master playlist with the captions' subtitle rendition (issue 15). ffmpeg writes the
 * variants' master once per take; while captions are on it writes it under another name and this
 * adds the rendition (one `EXT-X-MEDIA` of type SUBTITLES, and `SUBTITLES="subs"` on every variant,
 * as HLS requires of a group that is used) before `master.m3u8` is published.
 */
import { SUPPORTED_LANGUAGES } from '@onair/protocol';

export const SUBTITLE_GROUP = 'subs';

/** @param language the stream's language (a code such as `en`): players name the track by it */
export function withSubtitleRendition(master: string, uri: string, language = 'en'): string {
  const name = SUPPORTED_LANGUAGES.find((l) => l.code === language)?.name ?? language;
  const media = `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",NAME="${name.replace(/"/g, '')}",LANGUAGE="${language.replace(/"/g, '')}",AUTOSELECT=YES,DEFAULT=NO,FORCED=NO,URI="${uri}"`;
  const lines = master.split('\n').map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? `${line},SUBTITLES="${SUBTITLE_GROUP}"` : line));
  // The rendition goes before the first variant, after the header tags.
  const firstVariant = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  lines.splice(firstVariant < 0 ? lines.length : firstVariant, 0, media);
  return lines.join('\n');
}
