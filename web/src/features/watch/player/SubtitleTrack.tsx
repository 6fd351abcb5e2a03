import { languageName } from '@onair/protocol';

export interface Caption {
  src: string;
  language: string;
}

/** The item's transcript and its translations as subtitle tracks of the player (off until the viewer turns one on). */
export function SubtitleTracks({ captions }: { captions: Caption[] }) {
  return captions.map((c, i) => <track key={c.src} kind="subtitles" src={c.src} srcLang={c.language} label={i === 0 ? `Transcript (${languageName(c.language)})` : languageName(c.language)} />);
}
