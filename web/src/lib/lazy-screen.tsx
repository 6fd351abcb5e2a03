import { useEffect, useState, type ComponentType } from 'react';

/**
 * A screen whose code loads on first use, without Suspense: until the code is there the fallback
 * stays up, and from then on the screen renders at once. React 19 keeps a Suspense boundary's
 * fallback on screen for at least 300 ms once shown, which would add that much to the first paint
 * of every visit. `preload()` starts the download early (while the session is checked, say).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, Fallback: ComponentType) {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = null; // the next mount tries again
        throw error;
      },
    ));

  function Screen(props: P) {
    const [, setReady] = useState(false);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Loaded) return;
      let mounted = true;
      preload().then(
        () => mounted && setReady(true),
        () => mounted && setFailed(true),
      );
      return () => {
        mounted = false;
      };
    }, []);
    if (Loaded) return <Loaded {...props} />;
    // The route's error screen takes it from here.
    if (failed) throw new Error('This screen could not be loaded. Check your connection and reload the page.');
    return <Fallback />;
  }
  return Object.assign(Screen, { preload });
}
