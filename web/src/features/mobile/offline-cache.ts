/** The Cache Storage bucket downloads live in; shared by the page and the service worker. */
export const DOWNLOADS_CACHE = 'onair-downloads';
