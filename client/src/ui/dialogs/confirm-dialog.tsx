import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../styles/confirm-dialog.css';

interface Props {
  /** A heading; without one the text alone names the dialog (the in-app alert and confirm). */
  title?: string;
  text: string;
  confirmLabel: string;
  /** The confirm button's look: 'danger' for what takes a machine down, 'primary' for a payment. */
  confirmTone?: 'danger' | 'primary';
  /** The cancel button's text, "Annuler" by default; null for a message with only one button. */
  cancelLabel?: string | null;
  onConfirm: () => void;
  /** Called once the dialog closed, confirmed or not (Escape, Annuler, backdrop). */
  onClose: () => void;
}

/**
 * "Are you sure?" before an action that takes a machine down or spends money, or (with no cancel
 * button) a message to acknowledge: a modal <dialog> (the page behind is inert, Escape closes it).
 * Focus starts on Annuler, the safe choice (else on the only button), and goes back to the button
 * that opened it on closing.
 */
export function ConfirmDialog({ title, text, confirmLabel, confirmTone = 'danger', cancelLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (cancelRef.current ?? confirmRef.current)?.focus();
    // No close() here: unmounting leaves the top layer, and a queued 'close' would reach StrictMode's second mount.
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={title === undefined ? `${id}-text` : `${id}-title`}
      aria-describedby={title === undefined ? undefined : `${id}-text`}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close(); // the backdrop
      }}
    >
      <div className="confirm-dialog__body">
        {title !== undefined && (
          <h2 id={`${id}-title`} className="confirm-dialog__title">
            {title}
          </h2>
        )}
        <p id={`${id}-text`} className={title === undefined ? 'confirm-dialog__text confirm-dialog__text--alone' : 'confirm-dialog__text'}>
          {text}
        </p>
        <div className="confirm-dialog__actions">
          {cancelLabel !== null && (
            <button ref={cancelRef} type="button" className="button button--secondary" onClick={close}>
              {cancelLabel ?? t('dialog.cancel')}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className={confirmTone === 'danger' ? 'button panel-button--danger' : 'button button--primary'}
            onClick={() => {
              onConfirm();
              close();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
