import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BackupIcon, DriveIcon, HeadsetIcon, PanelIcon, RocketIcon, ShieldIcon } from './selling-point-icons';
import '../../styles/feature-cards.css';

// Spec §2: six feature cards on the home page.
const POINTS: { id: 'nvme' | 'ddos' | 'support' | 'deploy' | 'backups' | 'panel'; Icon: ComponentType }[] = [
  { id: 'nvme', Icon: DriveIcon },
  { id: 'ddos', Icon: ShieldIcon },
  { id: 'support', Icon: HeadsetIcon },
  { id: 'deploy', Icon: RocketIcon },
  { id: 'backups', Icon: BackupIcon },
  { id: 'panel', Icon: PanelIcon },
];

export function SellingPoints() {
  const { t } = useTranslation();

  return (
    <section className="page-section" aria-labelledby="selling-points-title">
      <div className="container">
        <span className="section-eyebrow">{t('home.features.eyebrow')}</span>
        <h2 id="selling-points-title" className="section-title">
          {t('home.features.heading')}
        </h2>
        <ul className="feature-grid">
          {POINTS.map(({ id, Icon }) => (
            <li key={id} className="feature-card">
              <span className="feature-card__icon">
                <Icon />
              </span>
              <h3 className="feature-card__title">{t(`home.features.${id}.title`)}</h3>
              <p className="feature-card__text">{t(`home.features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
