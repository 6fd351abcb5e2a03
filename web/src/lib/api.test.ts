import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn, NetworkError, OFFLINE_TEXT, UNREACHABLE_TEXT } from './api';

/** Port 9 (discard): nothing listens there on these machines, so a connection is refused at once. */
const NOBODY_LISTENS = 'http://127.0.0.1:9';

function answer(status: number, body: string, type = 'application/json', statusText = '') {
  return new Response(status === 204 ? null : body, { status, statusText, headers: { 'content-type': type } });
}

const context = (queryKey: readonly unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends cookies, and a JSON body with its content type only when there is a body', async () => {
    const fetch = vi.fn(async () => answer(200, '{"ok":true}'));
    vi.stubGlobal('fetch', fetch);
    await apiRequest('POST', '/api/login', { username: 'a', password: 'b' });
    await apiRequest('POST', '/api/logout');
    expect(fetch.mock.calls[0]).toEqual([
      '/api/login',
      { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"username":"a","password":"b"}' },
    ]);
    expect(fetch.mock.calls[1]).toEqual(['/api/logout', { method: 'POST', credentials: 'include', headers: undefined, body: undefined }]);
  });

  it('turns a failure into "status: body", or the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, 'Invalid username or password', 'text/plain')));
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow('401: Invalid username or password');
    vi.stubGlobal('fetch', vi.fn(async () => answer(503, '', 'text/plain', 'Service Unavailable')));
    await expect(apiRequest('GET', '/api/content')).rejects.toThrow('503: Service Unavailable');
  });

  it('says whether the browser is offline or OnAir out of reach when a request gets no answer', async () => {
    const url = `${NOBODY_LISTENS}/api/ratings`;
    const online = apiRequest('POST', url, { rating: 5 });
    await expect(online).rejects.toBeInstanceOf(NetworkError);
    await expect(online).rejects.toThrow(UNREACHABLE_TEXT);
    vi.stubGlobal('navigator', { onLine: false });
    await expect(apiRequest('POST', url, { rating: 5 })).rejects.toThrow(OFFLINE_TEXT);
    await expect(getQueryFn({ on401: 'throw' })(context([url]))).rejects.toThrow(OFFLINE_TEXT);
  });

  it('answers undefined for 204 and parses JSON otherwise', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(204, '')));
    expect(await apiRequest('POST', '/api/logout')).toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, '[1,2]')));
    expect(await apiRequest('GET', '/api/content')).toEqual([1, 2]);
  });
});

describe('getQueryFn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GETs the path built from the key segments, with cookies', async () => {
    const fetch = vi.fn(async () => answer(200, '{"id":7}'));
    vi.stubGlobal('fetch', fetch);
    expect(await getQueryFn({ on401: 'throw' })(context(['/api/content', 7]))).toEqual({ id: 7 });
    expect(fetch).toHaveBeenCalledWith('/api/content/7', { credentials: 'include' });
  });

  it('treats 401 as signed out only when asked to', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, 'Not signed in', 'text/plain')));
    expect(await getQueryFn({ on401: 'returnNull' })(context(['/api/user']))).toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/user']))).rejects.toThrow('401: Not signed in');
  });
});
