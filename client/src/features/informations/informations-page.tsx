import { useState } from 'react';
import { useHydrated, useHydration } from '../../api/initial-data';
import { useTranslation } from 'react-i18next';
import { BackHomeLink } from '../../ui/back-home-link';
import { today, WEEK } from './opening-hours';
import '../../styles/informations.css';
import { PageTitle } from '../../ui/page-title';

/** Opening hours (spec §2): a way home, one random message per visit, the week with today marked. */
export function InformationsPage() {
  const { t } = useTranslation();
  const { hydrating, data } = useHydration();
  // Drawn once when the page opens; a language switch keeps the same message, translated. A page
  // the server rendered keeps the server's draw and day until hydrated, then shows the visitor's day.
  const [draw] = useState(() => (hydrating && data.random !== undefined ? data.random : Math.random()));
  const [serverNow] = useState(() => (hydrating && data.now !== undefined ? new Date(data.now) : null));
  const hydrated = useHydrated();
  const messages = useMessages();
  const message = messages[Math.floor(draw * messages.length)];
  const current = today(hydrated || !serverNow ? new Date() : serverNow);
  const time = (value: string) => {
    const [h = '0', m = '00'] = value.split(':');
    return t('informations.time', { h: Number(h), m });
  };

  return (
    <section className="hours-page">
      <PageTitle>{`${t('informations.title')} · ${t('brand.name')}`}</PageTitle>
      <div className="hours-card">
        <BackHomeLink className="back-link back-link--on-light" />
        <h1 className="hours-card__title">{t('informations.title')}</h1>
        {message && (
          <p className="hours-card__message">
            <ClockIcon />
            <span>{message}</span>
          </p>
        )}
        <table className="hours-table">
          <caption className="visually-hidden">{t('informations.week')}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('informations.day')}</th>
              <th scope="col">{t('informations.hours')}</th>
            </tr>
          </thead>
          <tbody>
            {WEEK.map(({ day, hours }) => {
              const isToday = day === current;
              return (
                <tr
                  key={day}
                  className={isToday ? 'hours-table__row hours-table__row--today' : 'hours-table__row'}
                  aria-current={isToday ? 'date' : undefined}
                >
                  <th scope="row">
                    {t(`informations.days.${day}`)}
                    {isToday && <span className="hours-table__today">{t('informations.today')}</span>}
                  </th>
                  <td className={hours ? undefined : 'hours-table__closed'}>
                    {hours ? t('informations.range', { open: time(hours[0]), close: time(hours[1]) }) : t('informations.closed')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The messages live in the locales as an object; any number of them. */
function useMessages(): string[] {
  const { t } = useTranslation();
  const value: unknown = t('informations.messages', { returnObjects: true });
  if (!value || typeof value !== 'object') return [];
  return Object.values(value).filter((m): m is string => typeof m === 'string');
}

function ClockIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
