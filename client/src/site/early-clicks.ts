/**
 * Until the page is hydrated, its buttons have no handler and its links do not hand their state
 * to the next page (the login page's "from inside" guard). A click on such a button or on a link
 * within the site is held, and given again once React listens to the page: React then hydrates
 * what was clicked at once and runs its handler. A form's submit button is left to the browser,
 * which posts the form without scripts, as are links opened in another tab or leaving the site.
 */
export function holdEarlyClicks(): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest('button, a[href]') : null;
    if (!(target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) || !worksOnlyWithScripts(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const element of held.splice(0)) if (element.isConnected) element.click();
  };
}

function worksOnlyWithScripts(element: HTMLButtonElement | HTMLAnchorElement): boolean {
  if (element instanceof HTMLAnchorElement)
    return element.origin === window.location.origin && !element.target && !element.hasAttribute('download');
  return !element.disabled && !(element.type === 'submit' && element.form);
}
