import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageClaim } from '../../../../shared/catalog/storage-types';
import { useSupportLanguagesText } from '../../ui/use-support-languages-text';
import { CalendarIcon, DriveIcon, HeadsetIcon, PanelIcon, RocketIcon, ShieldIcon } from './selling-point-icons';
import '../../styles/feature-cards.css';

type PointId = 'storage' | 'ddos' | 'support' | 'deploy' | 'noCommitment' | 'panel';

// Spec §2: six feature cards on the home page. Each says only what the shop does (issue 34,
// shared/claims/feature-claims.ts): the storage card follows the catalogue.
const POINTS: { id: PointId; Icon: ComponentType }[] = [
  { id: 'storage', Icon: DriveIcon },
  { id: 'ddos', Icon: ShieldIcon },
  { id: 'support', Icon: HeadsetIcon },
  { id: 'deploy', Icon: RocketIcon },
  { id: 'noCommitment', Icon: CalendarIcon },
  { id: 'panel', Icon: PanelIcon },
];

/** `storage`: what the catalogue's disks allow saying (storageClaim); unknown yet: the sentence true of any catalogue. */
export function SellingPoints({ storage }: { storage: StorageClaim }) {
  const { t } = useTranslation();
  const languages = useSupportLanguagesText();
  const keyOf = (id: PointId) =>
    id === 'storage' ? `home.features.storage.${storage === 'none' ? 'mixed' : storage}` : `home.features.${id}`;

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
              <h3 className="feature-card__title">{t(`${keyOf(id)}.title`)}</h3>
              <p className="feature-card__text">{t(`${keyOf(id)}.text`, { languages })}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
