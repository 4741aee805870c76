import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from '../../ui/use-copy-to-clipboard';

interface Props {
  value: string;
  /** The button's accessible name, saying what is copied ("Copier l'adresse IP"). */
  label: string;
}

/** Copies one value (even one not shown, like a hidden password) and says so for 2 s, also to screen readers. */
export function CopyValueButton({ value, label }: Props) {
  const { t } = useTranslation();
  const { status, copy } = useCopyToClipboard(value);

  return (
    <>
      <button type="button" className="panel-copy" data-status={status} aria-label={label} title={label} onClick={() => void copy()}>
        {status === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span aria-hidden="true">{status === 'copied' ? t('panel.vpsDetail.copied') : t('panel.vpsDetail.copy')}</span>
      </button>
      <span className="panel-copy__status" role="status">
        {status === 'failed' ? (
          t('panel.vpsDetail.copyFailed')
        ) : status === 'copied' ? (
          <span className="visually-hidden">{t('panel.vpsDetail.copied')}</span>
        ) : null}
      </span>
    </>
  );
}

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path
        d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
      />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
