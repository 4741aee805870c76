import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageClaim } from '../../../../shared/catalog/storage-types';
import { DashboardIcon, GaugeIcon, LockIcon, PulseIcon } from './hosting-icons';
import '../../styles/feature-cards.css';

// Spec §2: four feature cards, in this order.
const FEATURES: { id: 'performance' | 'security' | 'availability' | 'panel'; Icon: ComponentType }[] = [
  { id: 'performance', Icon: GaugeIcon },
  { id: 'security', Icon: LockIcon },
  { id: 'availability', Icon: PulseIcon },
  { id: 'panel', Icon: DashboardIcon },
];

/** `storage`: what the catalogue's disks allow saying (issue 34); unknown yet: the sentence true of any catalogue. */
export function HostingFeatures({ storage }: { storage: StorageClaim }) {
  const { t } = useTranslation();
  const textKey = (id: (typeof FEATURES)[number]['id']) =>
    id === 'performance' ? `hosting.features.performance.${storage === 'none' ? 'mixed' : storage}` : `hosting.features.${id}.text`;

  return (
    <section className="page-section" aria-labelledby="hosting-features-title">
      <div className="container">
        <span className="section-eyebrow">{t('hosting.features.eyebrow')}</span>
        <h2 id="hosting-features-title" className="section-title">
          {t('hosting.features.heading')}
        </h2>
        <ul className="feature-grid feature-grid--four">
          {FEATURES.map(({ id, Icon }) => (
            <li key={id} className="feature-card">
              <span className="feature-card__icon">
                <Icon />
              </span>
              <h3 className="feature-card__title">{t(`hosting.features.${id}.title`)}</h3>
              <p className="feature-card__text">{t(textKey(id))}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
