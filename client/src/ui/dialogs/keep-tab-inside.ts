import type { KeyboardEvent } from 'react';

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog>'s onKeyDown: Tab from its last control comes back to its first, Shift+Tab from
 * the first goes to the last. showModal() makes the page behind inert, but the browser still lets
 * Tab leave the dialog for its own toolbar; this keeps the keyboard inside until it is closed.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (control) => !control.closest('[hidden], [inert]'),
  );
  // In document order (not every DOM implementation returns a selector list in that order).
  controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
