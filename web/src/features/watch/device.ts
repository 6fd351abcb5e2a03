import type { ViewDevice } from '@onair/protocol';

/**
 * The device class analytics records for this browser: TV browsers and sticks name themselves in the
 * user agent; phones and tablets have a coarse pointer; everything else is the web.
 */
export function detectDevice(): ViewDevice {
  const agent = navigator.userAgent;
  if (/SmartTV|SMART-TV|HbbTV|Tizen|Web0S|webOS|AFT[A-Z]|Roku|CrKey|BRAVIA|GoogleTV|Android TV/i.test(agent)) return 'tv';
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(agent) || window.matchMedia?.('(pointer: coarse)').matches) return 'mobile';
  return 'web';
}
