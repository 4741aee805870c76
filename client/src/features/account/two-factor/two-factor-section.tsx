import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../../ui/use-language';
import '../../../styles/two-factor.css';

/** The settings page's entry to the second factor (its own page: /{lng}/settings/two-factor). */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <section className="two-factor-section" aria-labelledby="two-factor-section-title">
      <h2 id="two-factor-section-title" className="two-factor__subtitle">
        {t('twoFactor.title')}
      </h2>
      <p className="two-factor__text">{t('twoFactor.intro')}</p>
      <Link className="button button--secondary" to={`/${lng}/settings/two-factor`}>
        {t('twoFactor.manage')}
      </Link>
    </section>
  );
}
