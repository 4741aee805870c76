import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../ui/use-language';

/** Nothing owned yet: when things come, and a way to the shop. */
export function ServicesEmpty() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <div className="panel-empty">
      <h2 className="panel-empty__title">{t('panel.services.emptyTitle')}</h2>
      <p className="panel-empty__text">{t('panel.services.empty')}</p>
      <Link className="button button--primary" to={`/${lng}/boutique`}>
        {t('panel.services.shopLink')}
      </Link>
    </div>
  );
}
