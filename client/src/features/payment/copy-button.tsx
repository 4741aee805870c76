import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from '../../ui/use-copy-to-clipboard';

interface Props {
  value: string;
  /** What is copied, for the button's accessible name (the visible text is only 'Copier'). */
  label: string;
  /** The confirmation; 'Copié !' unless the page has its own. */
  copiedText?: string;
}

/** Copies one value to the clipboard and says so for 2 seconds, also to screen readers. */
export function CopyButton({ value, label, copiedText }: Props) {
  const { t } = useTranslation();
  // A failed copy (no clipboard on plain http) tells the visitor to select the text.
  const { status, copy } = useCopyToClipboard(value);

  const done = copiedText ?? t('payment.copy.done');
  const shown = status === 'copied' ? done : t('payment.copy.button');
  return (
    <span className="copy-button">
      {/* The name starts with the visible word (speech control users say what they see), then says what. */}
      <button
        type="button"
        className="copy-button__button"
        data-status={status}
        aria-label={`${shown} ${label}`}
        onClick={() => void copy()}
      >
        {shown}
      </button>
      <span className="copy-button__status" role="status">
        {status === 'failed' ? t('payment.copy.failed') : status === 'copied' ? <span className="visually-hidden">{done}</span> : null}
      </span>
    </span>
  );
}
