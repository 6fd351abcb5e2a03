/**
 * This TV's registration: a token kept in localStorage, a pairing code shown until someone pairs it,
 * and a check-in every 30 s (which is what "connected" means on the phone's list).
 */
import { useEffect, useState } from 'react';
import { apiRequest, ApiError } from '../../lib/api';

const TOKEN_KEY = 'onair-tv-token';
const CHECK_IN_MS = 30_000;

export interface TvStatus {
  paired: boolean;
  username: string | null;
  code: string | null;
  expiresAt: string | null;
}

async function status(token: string): Promise<TvStatus> {
  const response = await fetch('/api/tv/status', { headers: { 'x-tv-token': token }, credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${await response.text()}`);
  return response.json() as Promise<TvStatus>;
}

async function register(platform: string): Promise<string> {
  const { token } = await apiRequest<{ token: string }>('POST', '/api/tv/register', { deviceName: 'TV', platform });
  localStorage.setItem(TOKEN_KEY, token);
  return token;
}

export function useTvSession(platform: string): TvStatus | null {
  const [state, setState] = useState<TvStatus | null>(null);
  useEffect(() => {
    let stopped = false;
    async function checkIn() {
      try {
        let token = localStorage.getItem(TOKEN_KEY) ?? (await register(platform));
        let current: TvStatus;
        try {
          current = await status(token);
        } catch (error) {
          // Removed from the account (or never known here): start over with a new code.
          if (!(error instanceof ApiError) || error.status !== 401) throw error;
          token = await register(platform);
          current = await status(token);
        }
        if (!stopped) setState(current);
      } catch {
        // Offline: keep showing what we had; the next check-in tries again.
      }
    }
    void checkIn();
    const timer = setInterval(() => void checkIn(), CHECK_IN_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [platform]);
  return state;
}
