import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BackHomeLink } from '../../ui/back-home-link';
import { useLanguage } from '../../ui/use-language';
import type { TranslationKey } from '../../ui/translation-key';
import '../../styles/showcase.css';
import '../../styles/hub.css';
import { PageTitle } from '../../ui/page-title';

interface HubCard {
  id: 'hosting' | 'hubfive';
  path: string;
  title: TranslationKey;
  text: TranslationKey;
  cta: TranslationKey;
  icon: ReactNode;
}

const CARDS: HubCard[] = [
  { id: 'hosting', path: 'Hosting', title: 'menu.hosting.title', text: 'menu.hosting.text', cta: 'menu.hosting.cta', icon: <ServerIcon /> },
  { id: 'hubfive', path: 'HubFive', title: 'menu.hubfive.title', text: 'menu.hubfive.text', cta: 'menu.hubfive.cta', icon: <ScriptIcon /> },
];

/** The hub page (spec §1): two doors, hosting services and the HubFive marketplace. */
export function MenuPage() {
  const { t } = useTranslation();
  const lng = useLanguage();

  return (
    <div className="showcase">
      <PageTitle>{`${t('menu.title')} · ${t('brand.name')}`}</PageTitle>
      <header className="showcase-hero showcase-hero--compact">
        <div className="container">
          <BackHomeLink />
          <p className="showcase-hero__eyebrow">{t('menu.eyebrow')}</p>
          <h1 className="showcase-hero__title">{t('menu.title')}</h1>
          <p className="showcase-hero__tagline">{t('menu.intro')}</p>
        </div>
      </header>
      <div className="container">
        <ul className="hub-cards">
          {CARDS.map((card) => (
            <li key={card.id} className={`hub-card hub-card--${card.id}`}>
              <span className="hub-card__icon">{card.icon}</span>
              <h2 className="hub-card__title">
                {/* The link's box covers the whole card (CSS), its name stays the short title. */}
                <Link className="hub-card__link" to={`/${lng}/${card.path}`}>
                  {t(card.title)}
                </Link>
              </h2>
              <p className="hub-card__text">{t(card.text)}</p>
              <span className="hub-card__cta" aria-hidden="true">
                {t(card.cta)} →
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ServerIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="28" height="11" rx="3" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <rect x="6" y="23" width="28" height="11" rx="3" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <circle cx="12" cy="11.5" r="1.8" fill="currentColor" />
      <circle cx="12" cy="28.5" r="1.8" fill="currentColor" />
      <path d="M19 11.5h10M19 28.5h10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function ScriptIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="5" y="7" width="30" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path
        d="m14 16-4 4 4 4M26 16l4 4-4 4M22 14l-4 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
