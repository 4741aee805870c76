import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../shared/schemas/product';
import { useLanguage } from '../../ui/use-language';

/**
 * "Added to the cart": a modal <dialog> (the browser keeps the page behind it inert and closes it
 * on Escape). Focus goes to "see the cart" and comes back to where it was on closing.
 */
export function AddedDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const primaryRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    primaryRef.current?.focus();
    // No close() here: unmounting removes the dialog from the top layer, and a close() would queue a
    // 'close' event that StrictMode's second mount would then receive.
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="added-dialog"
      aria-labelledby="added-dialog-title"
      aria-describedby="added-dialog-text"
      onClose={onClose}
      // A click on the backdrop (the dialog box itself has no padding of its own) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="added-dialog__body">
        <span className="added-dialog__icon" aria-hidden="true">
          ✓
        </span>
        <h2 id="added-dialog-title" className="added-dialog__title">
          {t('shop.added.title')}
        </h2>
        <div id="added-dialog-text" className="added-dialog__text">
          <p>{t('shop.added.text', { name: product.name })}</p>
          <p className="added-dialog__note">{t('shop.added.note')}</p>
        </div>
        <div className="added-dialog__actions">
          <Link ref={primaryRef} className="button button--primary" to={`/${lng}/Cart`}>
            {t('shop.added.goToCart')}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => dialogRef.current?.close()}>
            {t('shop.added.continue')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
