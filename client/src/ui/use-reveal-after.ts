import { useEffect, useState } from 'react';
import { useHydration } from '../api/initial-data';
import '../styles/fade-in.css';

/**
 * True once `delayMs` has passed since the first render: pages add their fade-in class then
 * (spec §9: home 300 ms, hosting 200 ms). Reduced motion is handled in CSS, not here. A page the
 * server rendered is shown at once (issue 18: it paints before any script runs, and without one).
 */
export function useRevealAfter(delayMs: number): boolean {
  const [revealed, setRevealed] = useState(useHydration().hydrating);
  useEffect(() => {
    if (revealed) return;
    const timer = setTimeout(() => setRevealed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, revealed]);
  return revealed;
}

/** The class list of a block that fades in once revealed. */
export function fadeInClass(revealed: boolean, extra = ''): string {
  return ['fade-in', revealed ? 'fade-in--visible' : '', extra].filter(Boolean).join(' ');
}
