/**
 * Table types of the media area (migration 0006_media). Paths are relative to MEDIA_DIR and use `/`;
 * the API serves them under `/media/`.
 */
import type { Generated, Selectable } from 'kysely';

/** What one content item plays from. Live items point at the live ladder; on-demand items at files. */
export interface MediaAssetsTable {
  contentId: number;
  /** `live` while packaging a live input; `processing` while a job makes files; then `ready` or `failed`. */
  status: 'live' | 'processing' | 'ready' | 'failed';
  /** Why processing failed, in words a creator can act on. */
  error: string | null;
  /** Master playlist, e.g. `vod/12/master.m3u8`. */
  hlsPath: string | null;
  /** A progressive MP4 (the recording, or the download rendition of an upload). */
  filePath: string | null;
  fileBytes: number | null;
  /** Episode audio (MP3/AAC, 44.1 kHz, loudness-normalised) or, live, the progressive listen stream. */
  audioPath: string | null;
  audioMime: string | null;
  audioBytes: number | null;
  audioSampleRate: number | null;
  thumbnailPath: string | null;
  /** Real duration from ffprobe. */
  durationMs: number | null;
  width: number | null;
  height: number | null;
  updatedAt: number;
}

/** A restream destination: where a creator's live input is copied (no re-encode). */
export interface RestreamTargetsTable {
  id: Generated<number>;
  creatorId: number;
  platform: 'facebook' | 'youtube' | 'twitter' | 'custom';
  name: string;
  /** rtmp:// or rtmps:// server URL, without the key. */
  serverUrl: string;
  /** The stream key, encrypted like the OnAir stream key. */
  keyCipher: string;
  /** The key's last four characters, so the creator can tell keys apart without seeing them. */
  keyHint: string;
  enabled: number;
  createdAt: number;
  updatedAt: number;
}

/** A resumable upload: bytes arrive in chunks at increasing offsets until the size is reached. */
export interface MediaUploadsTable {
  id: string;
  creatorId: number;
  contentId: number | null;
  filename: string;
  sizeBytes: number;
  receivedBytes: number;
  /** JSON: title, description, type, category and language of the item to make. */
  meta: string;
  jobId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface MediaTables {
  mediaAssets: MediaAssetsTable;
  restreamTargets: RestreamTargetsTable;
  mediaUploads: MediaUploadsTable;
}

export type MediaAssetRow = Selectable<MediaAssetsTable>;
export type RestreamTargetRow = Selectable<RestreamTargetsTable>;
export type MediaUploadRow = Selectable<MediaUploadsTable>;
