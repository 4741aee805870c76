import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const COPY_FEEDBACK_MS = 2_000; // spec §9: the copy confirmation shows for 2 s

type Status = 'idle' | 'copied' | 'failed';

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
  const [status, setStatus] = useState<Status>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: Status) {
    setStatus(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus('idle'), COPY_FEEDBACK_MS);
  }

  async function copy() {
    try {
      // Missing outside secure contexts (plain http): the visitor is told to select the text.
      await navigator.clipboard.writeText(value);
      show('copied');
    } catch {
      show('failed');
    }
  }

  const done = copiedText ?? t('payment.copy.done');
  const shown = status === 'copied' ? done : t('payment.copy.button');
  return (
    <span className="copy-button">
      {/* The name starts with the visible word (speech control users say what they see), then says what. */}
      <button type="button" className="copy-button__button" data-status={status} aria-label={`${shown} ${label}`} onClick={() => void copy()}>
        {shown}
      </button>
      <span className="copy-button__status" role="status">
        {status === 'failed' ? t('payment.copy.failed') : status === 'copied' ? <span className="visually-hidden">{done}</span> : null}
      </span>
    </span>
  );
}
