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
  const response = await fetch(url, {
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
    const response = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) {
      // Read the (short) body all the same: an unread body keeps the request open in the browser.
      await response.text();
      return null;
    }
    await throwIfNotOk(response);
    return parse<T>(response);
  };
}
