/**
 * Resumable upload of one file to /api/media/uploads: declare it, then PUT 8 MB slices at
 * `Upload-Offset`. The server's offset is the truth: a 409 carries it and the upload continues from
 * there; a failed chunk is retried from the server's offset a few times before the error surfaces,
 * and `resume` continues later from wherever the server got to. While the browser is offline nothing is
 * tried or counted as a failure: the upload pauses and goes on by itself when the network is back.
 */
import type { Upload, UploadCreateRequest } from '@onair/protocol';
import { apiRequest, ApiError } from '../../lib/api';
import { isBrowserOnline, whenOnline } from '../../lib/online';

export const CHUNK_BYTES = 8 * 1024 * 1024;
const RETRIES = 3;

export interface UploadCallbacks {
  /** Bytes the server has confirmed so far. */
  onBytes(received: number, total: number): void;
  /** The browser went offline and the upload waits for it (true), or goes on (false). */
  onPaused?(paused: boolean): void;
}

export function beginUpload(request: UploadCreateRequest): Promise<Upload> {
  return apiRequest<Upload>('POST', '/api/media/uploads', request);
}

async function readUpload(uploadId: string): Promise<Upload> {
  return apiRequest<Upload>('GET', `/api/media/uploads/${uploadId}`);
}

async function putChunk(uploadId: string, offset: number, chunk: Blob): Promise<Upload> {
  const response = await fetch(`/api/media/uploads/${uploadId}`, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
    body: chunk,
  });
  if (response.status === 409) {
    // Somebody (an earlier attempt whose answer was lost) already moved the offset: continue from it.
    const current = Number(response.headers.get('upload-offset'));
    if (Number.isFinite(current)) return readUpload(uploadId);
  }
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as Upload;
}

/** Client mistakes and refusals are final; network errors and server trouble are worth another try. */
function retryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the file from the server's offset to the end; answers the finished upload (with its job). */
export async function sendFile(file: Blob, start: Upload, callbacks: UploadCallbacks): Promise<Upload> {
  let upload = start;
  let failures = 0;
  callbacks.onBytes(upload.receivedBytes, upload.sizeBytes);
  while (upload.receivedBytes < upload.sizeBytes || !upload.jobId) {
    const offset = upload.receivedBytes;
    try {
      upload = await putChunk(upload.uploadId, offset, file.slice(offset, Math.min(offset + CHUNK_BYTES, upload.sizeBytes)));
      callbacks.onBytes(upload.receivedBytes, upload.sizeBytes);
      if (upload.receivedBytes > offset || upload.jobId) {
        failures = 0;
        continue;
      }
      // A conflict that did not move the offset (another tab's chunk still arriving): wait, then ask again.
      failures += 1;
      if (failures > RETRIES) throw new Error('The server keeps refusing this chunk; try again later');
      await wait(1000 * 2 ** (failures - 1));
    } catch (error) {
      if (!isBrowserOnline()) {
        // No fault of the server's or the file's: the chunk is sent again once there is a network.
        callbacks.onPaused?.(true);
        await whenOnline();
        callbacks.onPaused?.(false);
      } else {
        failures += 1;
        if (!retryable(error) || failures > RETRIES) throw error;
        await wait(1000 * 2 ** (failures - 1));
      }
      upload = await readUpload(upload.uploadId).catch(() => upload);
    }
  }
  return upload;
}

/** Continues an interrupted upload of the same file from where the server got to. */
export async function resumeUpload(file: Blob, uploadId: string, callbacks: UploadCallbacks): Promise<Upload> {
  return sendFile(file, await readUpload(uploadId), callbacks);
}
