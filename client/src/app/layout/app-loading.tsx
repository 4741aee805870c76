/** First-load stand-in: the navy header band, so the page does not flash white then dark. */
export function AppLoading() {
  return <div className="app-loading" aria-busy="true" />;
}
