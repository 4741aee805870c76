import { act, fireEvent, screen, within } from '@testing-library/react';

/**
 * Answers the in-app alert or confirm whose text is `text` by clicking `button` ("OK", "Confirmer",
 * "Annuler"); fails when no such dialog opens.
 */
export async function answerDialog(text: string, button: string) {
  const dialog = await screen.findByRole('alertdialog', { name: text });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: button }));
  });
}

/** jsdom has <dialog> but not its modal methods: enough of them to open and close it. */
export function stubDialogElement() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
