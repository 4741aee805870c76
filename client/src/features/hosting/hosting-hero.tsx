import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';

const SERVERS = [
  { name: 'mc-survie-01', key: 'minecraft' },
  { name: 'vps-nvme-02', key: 'linux' },
  { name: 'fivem-rp-01', key: 'fivem' },
] as const;

// CPU load of the last hours, in percent: a drawing, not data.
const LOAD = [38, 52, 45, 70, 55, 62, 48, 66, 58, 74, 42, 60];

/** The page title, the promise, and a picture of servers that are up (decorative). */
export function HostingHero({ className }: { className: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();

  return (
    <section className="hero hosting-hero" aria-labelledby="hosting-title">
      <div className={className}>
        <div className="hero__copy">
          <h1 id="hosting-title" className="hero__eyebrow hosting-hero__kicker">
            {t('hosting.title')}
          </h1>
          <p className="hero__title">{t('hosting.hero.headline')}</p>
          <p className="hero__tagline">{t('hosting.hero.tagline')}</p>
          <div className="hero__actions">
            <a className="button button--primary button--large" href="#tarifs">
              {t('hosting.hero.ctaPricing')}
            </a>
            <Link className="button button--ghost button--large" to={`/${lng}/boutique`}>
              {t('hosting.hero.ctaShop')}
            </Link>
          </div>
          <ul className="hosting-hero__proofs">
            {(['ddos', 'noCommitment', 'support'] as const).map((id) => (
              <li key={id}>
                <CheckIcon />
                {t(`hosting.hero.proofs.${id}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="status-panel" aria-hidden="true">
          <div className="status-panel__head">
            <span>{t('hosting.hero.panel.title')}</span>
            <span className="status-panel__uptime">{t('hosting.hero.panel.uptime')}</span>
          </div>
          <ul className="status-panel__list">
            {SERVERS.map((server) => (
              <li key={server.name} className="status-panel__row">
                <span className="status-panel__dot" />
                <span className="status-panel__name">
                  {server.name}
                  <span className="status-panel__kind">{t(`hosting.hero.panel.${server.key}`)}</span>
                </span>
                <span className="status-panel__state">{t('hosting.hero.panel.online')}</span>
              </li>
            ))}
          </ul>
          <svg className="status-panel__chart" viewBox="0 0 240 64" preserveAspectRatio="none" focusable="false">
            {LOAD.map((height, i) => (
              <rect key={i} x={i * 20 + 3} y={64 - height * 0.64} width="14" height={height * 0.64} rx="3" />
            ))}
          </svg>
          <p className="status-panel__caption">{t('hosting.hero.panel.caption')}</p>
        </div>
      </div>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="rgb(47 211 154 / 0.18)" />
      <path d="m6 10.2 2.6 2.6L14 7.4" fill="none" stroke="#2fd39a" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
