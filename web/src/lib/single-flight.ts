import { useCallback, useRef } from 'react';

/**
 * Runs an action unless the previous one has not settled. A double click lands both clicks before
 * React shows the button busy (`loading` disables it a render later), so a guard on the rendered
 * state alone sends the request twice; the second one then meets a 409 whose toast reads as failure.
 *
 *   const once = useSingleFlight();
 *   once((settled) => mutation.mutate(input, { onSettled: settled }));
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return useCallback((run: (settled: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    run(() => {
      busy.current = false;
    });
  }, []);
}
