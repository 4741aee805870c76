import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from './copy-value-button';

/**
 * The login password, masked until the customer asks (someone may be looking at the screen). It
 * can be copied without being shown. Hidden again whenever the detail view is left.
 */
export function VpsPassword({ password }: { password: string | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (password === null) return <span className="vps-field__muted">{t('panel.vpsDetail.noPassword')}</span>;

  return (
    <span className="vps-field__value">
      {shown ? (
        <code className="vps-field__code vps-field__code--secret">{password}</code>
      ) : (
        <span className="vps-field__mask">
          <span aria-hidden="true">••••••••••••</span>
          <span className="visually-hidden">{t('panel.vpsDetail.passwordHidden')}</span>
        </span>
      )}
      <span className="vps-field__tools">
        {/* A toggle keeps one name; its pressed state says whether the password shows. */}
        <button
          type="button"
          className="panel-icon-button"
          aria-pressed={shown}
          aria-label={t('panel.vpsDetail.showPassword')}
          title={t('panel.vpsDetail.showPassword')}
          onClick={() => setShown((current) => !current)}
        >
          <EyeIcon crossed={shown} />
        </button>
        <CopyValueButton value={password} label={t('panel.vpsDetail.copyPassword')} />
      </span>
    </span>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m4 4 16 16" />}
    </svg>
  );
}
