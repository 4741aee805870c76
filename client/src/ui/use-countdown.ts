import { useEffect, useState } from 'react';

/** Seconds left, ticking down once a second to 0; start(n) (re)starts it. */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const tick = setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(tick);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}
