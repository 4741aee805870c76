/** Leaves the shop for the payment provider's page (a full page load, not a route change). */
export function openProviderPage(url: string): void {
  window.location.assign(url);
}
