import { useEffect, useRef } from 'react';

export const STAFF_REFRESH_MS = 10_000; // spec §9: staff order refresh every 10 s

/**
 * Calls `tick` 10 s after the previous tick finished, while `active` and the page is visible; a
 * hidden page stops asking and catches up as soon as it is shown again. The first read is the
 * caller's (this only refreshes).
 */
export function useTenSecondRefresh(tick: () => Promise<unknown>, active: boolean) {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });

  useEffect(() => {
    if (!active) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (live && document.visibilityState !== 'hidden') timer = setTimeout(() => void run(), STAFF_REFRESH_MS);
    };
    const run = async () => {
      clearTimeout(timer);
      try {
        await latest.current();
      } catch {
        // the tick shows its own failure; the next one tries again
      } finally {
        schedule();
      }
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') clearTimeout(timer);
      else void run();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    schedule();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [active]);
}
