import { useCallback, useEffect, useRef, useState } from 'react';

export const REFRESH_INTERVAL_MS = 10_000; // spec §9: the client panel refreshes every 10 s

export type PolledState<T> =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `stale`: the last refresh failed; the data shown is the previous answer. */
  | { status: 'ready'; data: T; stale: boolean };

interface Options<T> {
  /** Reads the data; null while it cannot (no session). A new function starts over. */
  load: ((signal: AbortSignal) => Promise<T>) | null;
  /** The wait before the next read, from the last data; 10 s when absent. Keep it stable (module level). */
  delayAfter?: (data: T) => number;
}

interface Controls<T> {
  loadNow: () => void;
  replace: (change: (data: T) => T) => void;
}

/**
 * Reads `load` now, then again after each answer, while the page is visible. A refresh never
 * empties the screen: the data stays until new data replaces it, and an unchanged answer changes
 * nothing at all (no re-render, no flicker, no lost scroll). A hidden page stops asking and
 * catches up when shown. `replace` puts newer data in (e.g. an action's answer) and re-times
 * the next read from it; an answer to a read started before it is dropped as older.
 */
export function usePolling<T>({ load, delayAfter }: Options<T>) {
  const [state, setState] = useState<PolledState<T>>({ status: 'loading' });
  const controls = useRef<Controls<T>>({ loadNow: () => undefined, replace: () => undefined });

  useEffect(() => {
    if (!load) return;
    let live = true;
    let inFlight = false;
    let generation = 0; // bumped by replace(): older reads lose
    let latest: T | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const nextDelay = () => (latest !== undefined && delayAfter ? delayAfter(latest) : REFRESH_INTERVAL_MS);
    const schedule = () => {
      clearTimeout(timer);
      if (live && document.visibilityState !== 'hidden') timer = setTimeout(() => void read(), nextDelay());
    };
    const show = (data: T) => {
      latest = data;
      setState((current) => (isSame(current, data) ? current : { status: 'ready', data, stale: false }));
    };

    // One read at a time: the next is scheduled only when this one answered.
    const read = async () => {
      if (inFlight) return;
      inFlight = true;
      clearTimeout(timer);
      const asked = generation;
      try {
        const data = await load(controller.signal);
        if (live && asked === generation) show(data);
      } catch {
        // Only a first load with nothing on screen shows the error; a failed refresh keeps the data.
        if (live && asked === generation) {
          setState((current) => (current.status === 'ready' ? { ...current, stale: true } : { status: 'failed' }));
        }
      } finally {
        inFlight = false;
        schedule();
      }
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') clearTimeout(timer);
      else void read();
    };

    controls.current = {
      loadNow: () => {
        setState((current) => (current.status === 'failed' ? { status: 'loading' } : current));
        void read();
      },
      replace: (change) => {
        if (latest === undefined) return;
        generation += 1;
        show(change(latest));
        schedule();
      },
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    void read();
    return () => {
      live = false;
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [load, delayAfter]);

  const retry = useCallback(() => controls.current.loadNow(), []);
  const replace = useCallback((change: (data: T) => T) => controls.current.replace(change), []);
  return { state, retry, replace };
}

/** Same data as on screen: keep the current state, so React has nothing to redraw. */
function isSame<T>(current: PolledState<T>, data: T): boolean {
  return current.status === 'ready' && !current.stale && JSON.stringify(current.data) === JSON.stringify(data);
}
