/**
 * Playback URLs from an item's media row. Files live under MEDIA_DIR and are served at `/media/`, so a
 * stored relative path becomes a URL by prefixing it; a CDN in front of MEDIA_DIR only changes the prefix.
 */
import type { Playback } from '@onair/protocol';
import type { MediaAssetRow } from '../../db/schema-media.ts';

export const MEDIA_URL_PREFIX = '/media/';

export function mediaUrl(relativePath: string | null): string | null {
  return relativePath ? MEDIA_URL_PREFIX + relativePath : null;
}

type PlayableColumns = Pick<MediaAssetRow, 'status' | 'hlsPath' | 'audioPath' | 'filePath' | 'thumbnailPath'>;

/** Null while there is nothing a player could open (still processing, failed, or not yet packaging). */
export function playbackFor(asset: PlayableColumns | undefined): Playback | null {
  if (!asset || (asset.status !== 'live' && asset.status !== 'ready')) return null;
  if (!asset.hlsPath && !asset.audioPath && !asset.filePath) return null;
  return {
    hls: mediaUrl(asset.hlsPath),
    audio: mediaUrl(asset.audioPath),
    file: mediaUrl(asset.filePath),
    poster: mediaUrl(asset.thumbnailPath),
    live: asset.status === 'live',
  };
}
