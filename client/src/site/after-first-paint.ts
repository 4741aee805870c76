/** Never wait longer than this for the first paint: a browser that does not report it still hydrates. */
const LONGEST_WAIT_MS = 3000;

/**
 * Resolves once the browser has shown the page: its first content, then a frame of the whole
 * document (this runs after parsing, as a module script), so that the scripts fetched after it
 * take no bandwidth or main thread from those paints. At once where the browser does not report
 * paints, and in a hidden tab, which paints nothing until it is shown.
 */
export async function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return;
  await firstContentfulPaint();
  // The frame after the one that starts now has begun only once this one was painted.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (painted()) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver(() => {
      if (painted()) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(done, LONGEST_WAIT_MS);
  });
}
