/**
 * Text being typed that should outlive its form: a chat message or a question whose tab was switched
 * away from, or whose page was reloaded, before it was sent. Kept in sessionStorage (this browser tab
 * only, gone when it closes) under a key that names the form and whose it is, until it is sent or
 * emptied.
 */
import { useCallback, useState } from 'react';

const PREFIX = 'onair-draft:';

function read(key: string): string {
  try {
    return sessionStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, text: string) {
  try {
    if (text) sessionStorage.setItem(PREFIX + key, text);
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage refused (private mode, full): the draft lives as long as the form, as before.
  }
}

/** The draft kept under `key`, and its setter; a new key (another item, another account) reads its own. */
export function useDraft(key: string): [string, (text: string) => void] {
  const [state, setState] = useState(() => ({ key, text: read(key) }));
  const text = state.key === key ? state.text : read(key);
  const setText = useCallback(
    (next: string) => {
      write(key, next);
      setState({ key, text: next });
    },
    [key],
  );
  return [text, setText];
}
