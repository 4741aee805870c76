import '../styles/fade-in.css';

/** The spec's fade-in delays (§9), each a class of styles/fade-in.css. */
export type FadeInDelay = 200 | 300;

/** The class list of a block that fades in `delayMs` after it appears, on every load. */
export function fadeInClass(delayMs: FadeInDelay, extra = ''): string {
  return ['fade-in', `fade-in--after-${delayMs}ms`, extra].filter(Boolean).join(' ');
}
