/**
 * Whether this browser was signed in when it last checked its session. Only a hint for what to
 * download while the session is being checked (the signed-in shell rather than the sign-in page); the
 * session read decides what is shown.
 */
const KEY = 'onair-signed-in';

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false; // storage blocked: no hint
  }
}

export function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked: nothing to remember
  }
}
