import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, switchLanguageInPath } from '../../../../shared/i18n/languages';
import { FlagIcon } from '../../ui/flag-icon';
import { useLanguage } from '../../ui/use-language';

/** Four flag buttons; choosing one swaps only the language segment of the current URL. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLanguage();
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();

  return (
    <div className="language-switcher" role="group" aria-label={t('languages.label')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          className="language-switcher__button"
          aria-label={t(`languages.${lng}`)}
          title={t(`languages.${lng}`)}
          aria-pressed={lng === current}
          onClick={() => {
            // The state goes along: pages guarded by how they were reached (login, dashboard) stay open.
            if (lng !== current) navigate(switchLanguageInPath(pathname + search + hash, lng), { state });
          }}
        >
          <FlagIcon lng={lng} />
        </button>
      ))}
    </div>
  );
}
