import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DriveIcon, HeadsetIcon, ShieldIcon } from './selling-point-icons';

const POINTS: { id: 'nvme' | 'ddos' | 'support'; Icon: ComponentType }[] = [
  { id: 'nvme', Icon: DriveIcon },
  { id: 'ddos', Icon: ShieldIcon },
  { id: 'support', Icon: HeadsetIcon },
];

export function SellingPoints() {
  const { t } = useTranslation();

  return (
    <section className="selling-points" aria-labelledby="selling-points-title">
      <div className="container">
        <h2 id="selling-points-title" className="section-title">
          {t('home.features.heading')}
        </h2>
        <ul className="selling-points__grid">
          {POINTS.map(({ id, Icon }) => (
            <li key={id} className="selling-point">
              <span className="selling-point__icon">
                <Icon />
              </span>
              <h3 className="selling-point__title">{t(`home.features.${id}.title`)}</h3>
              <p className="selling-point__text">{t(`home.features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
