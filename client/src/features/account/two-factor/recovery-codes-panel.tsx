import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from '../../../ui/use-copy-to-clipboard';

/** The ten recovery codes, shown once: copy, download as a text file, then done. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const { status, copy } = useCopyToClipboard(text);
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="two-factor__block" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="two-factor__subtitle">
        {t('twoFactor.codesTitle')}
      </h2>
      <p className="two-factor__text">{t('twoFactor.codesText')}</p>
      <ol className="two-factor__codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor__actions">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t('twoFactor.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          {t('twoFactor.download')}
        </button>
      </div>
      <p className="two-factor__copied" role="status">
        {status === 'copied' ? t('twoFactor.copied') : ''}
      </p>
      <button type="button" className="button button--primary button--block" onClick={onDone}>
        {t('twoFactor.codesDone')}
      </button>
    </section>
  );
}
