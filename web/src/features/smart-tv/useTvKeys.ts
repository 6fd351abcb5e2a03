import { useEffect } from 'react';
import { TV_KEY_MESSAGE, tvKeyOf, type TvKey } from './keys';

/**
 * The remote's keys for as long as the component is mounted: key presses on the page (a TV browser's
 * D-pad) and the keys the /smart-tv frame's on-screen remote posts in. Keys the TV knows are taken from
 * the browser (no native scrolling or button activation), so the handler is the only one to act on them.
 */
export function useTvKeys(press: (key: TvKey) => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = tvKeyOf(event);
      if (!key) return;
      event.preventDefault();
      press(key);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: string; key?: TvKey };
      if (data?.type === TV_KEY_MESSAGE && data.key) press(data.key);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('message', onMessage);
    };
  }, [press]);
}
