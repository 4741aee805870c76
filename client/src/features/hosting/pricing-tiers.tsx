import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { useLanguage } from '../../ui/use-language';

// Spec §9: the hosting text names three tiers, in euros per month.
const TIERS = [
  { id: 'basic', cents: 500 },
  { id: 'standard', cents: 1000, featured: true },
  { id: 'premium', cents: 2000 },
] as const;

export function PricingTiers() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const price = (cents: number) => formatMoney(cents, 'EUR', lng);

  return (
    <section className="page-section page-section--white" aria-labelledby="tiers-title">
      <div className="container">
        <span className="section-eyebrow">{t('hosting.tiers.eyebrow')}</span>
        <h2 id="tiers-title" className="section-title">
          {t('hosting.tiers.heading')}
        </h2>
        <p className="section-intro">{t('hosting.tiers.intro', { basic: price(500), standard: price(1000), premium: price(2000) })}</p>
        <ul className="tiers">
          {TIERS.map((tier) => (
            <li key={tier.id} className={`tier${'featured' in tier ? ' tier--featured' : ''}`}>
              {'featured' in tier && <p className="tier__badge">{t('hosting.tiers.popular')}</p>}
              <h3 className="tier__name">{t(`hosting.tiers.${tier.id}.name`)}</h3>
              <p className="tier__price">
                <span className="tier__amount">{price(tier.cents)}</span>
                <span className="tier__period">{t('hosting.pricing.perMonth')}</span>
              </p>
              <p className="tier__text">{t(`hosting.tiers.${tier.id}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="tiers__note">{t('hosting.tiers.note')}</p>
      </div>
    </section>
  );
}
