/**
 * The API client of spec §7: cookies always; a JSON body and content type only when there is a body;
 * any non-success answer becomes an Error whose message is `status: body` (or the status text when
 * the body is empty), which the toasts show as is.
 */
import type { QueryFunction } from '@tanstack/react-query';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const OFFLINE_TEXT = 'You are offline: check your internet connection and try again.';
export const UNREACHABLE_TEXT = 'Could not reach OnAir: check your connection and try again.';

/** A request that got no answer at all: offline, or the server out of reach. */
export class NetworkError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * fetch, with its network failures in words a person can act on: the browser's own ("Failed to
 * fetch", "NetworkError when attempting to fetch resource") say neither what happened nor what to do,
 * and every form's error toast would show them.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof TypeError) throw new NetworkError(globalThis.navigator?.onLine === false ? OFFLINE_TEXT : UNREACHABLE_TEXT, error);
    throw error;
  }
}

async function throwIfNotOk(response: Response) {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, `${response.status}: ${text}`);
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? response.json() : response.text()) as Promise<T>;
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const hasBody = body !== undefined;
  const response = await send(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(response);
  return parse<T>(response);
}

/**
 * The default read: GET the path built from the query key's segments joined by '/'. With
 * `on401: 'returnNull'` a 401 answers null (the session read: signed out is not an error).
 */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await send(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) {
      // Read the (short) body all the same: an unread body keeps the request open in the browser.
      await response.text();
      return null;
    }
    await throwIfNotOk(response);
    return parse<T>(response);
  };
}
