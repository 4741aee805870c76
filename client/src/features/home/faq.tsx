import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FAQ_ITEMS as ITEMS, type FaqItemId as ItemId } from '../../../../shared/site/faq-items';
import { useLanguage } from '../../ui/use-language';

// Spec §2: an FAQ of seven items. Any number may be open at once.

export function Faq() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<ItemId>>(() => new Set());

  const toggle = (id: ItemId) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="page-section" aria-labelledby="faq-title">
      <div className="container faq">
        <div className="faq__intro">
          <span className="section-eyebrow faq__eyebrow">{t('home.faq.eyebrow')}</span>
          <h2 id="faq-title" className="section-title faq__title">
            {t('home.faq.heading')}
          </h2>
          <p className="faq__lead">{t('home.faq.intro')}</p>
          <Link className="button button--outline" to={`/${lng}/contact`}>
            {t('home.faq.contact')}
          </Link>
        </div>
        <ul className="faq__list">
          {ITEMS.map((id) => {
            const expanded = open.has(id);
            const buttonId = `${baseId}-${id}-button`;
            const panelId = `${baseId}-${id}-panel`;
            return (
              <li key={id} className={`faq__item${expanded ? ' faq__item--open' : ''}`}>
                <h3 className="faq__question">
                  <button
                    id={buttonId}
                    type="button"
                    className="faq__toggle"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => toggle(id)}
                  >
                    <span>{t(`home.faq.items.${id}.question`)}</span>
                    <ChevronIcon />
                  </button>
                </h3>
                <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
                  <p>{t(`home.faq.items.${id}.answer`)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function ChevronIcon() {
  return (
    <svg className="faq__chevron" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="m5 7.5 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
