import { useTranslation } from 'react-i18next';
import type { ServiceEventDto } from '../../../../../shared/schemas/service-events';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { formatLongDate } from '../../../ui/format-long-date';
import { ListState } from '../../../ui/list-state';
import { queryListState } from '../../../ui/query-list-state';
import { useLanguage } from '../../../ui/use-language';
import { useServiceEvents } from '../api/get-service-events';

const timeOf = (iso: string, lng: string) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(iso));

/** What changes in a service when something happened to it: a new history is read then. */
const revisionOf = (service: ServiceDto) =>
  [
    service.status,
    service.period.endsAtTerm,
    service.period.expiresAt,
    service.reinstall?.state,
    service.reinstall?.finishedAt,
    service.reverseDns,
  ].join('|');

/** "Historique": every action on the service the customer may see, newest first, with when and by whom. */
export function ServiceHistory({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  const query = useServiceEvents(service.id, revisionOf(service));
  return (
    <section className="service-history" aria-labelledby="service-history-title">
      <h3 id="service-history-title" className="service-history__title">
        {t('services.events.title')}
      </h3>
      <ListState
        look="panel"
        state={queryListState(query)}
        loading={t('services.events.loading')}
        failed={t('services.events.failed')}
        retry={{ label: t('services.events.retry'), onRetry: () => query.refetch() }}
        isEmpty={({ data }) => data.events.length === 0}
        empty={t('services.events.empty')}
      >
        {({ data }) => (
          <ol className="service-history__list">
            {data.events.map((event) => (
              <ServiceEvent key={event.id} event={event} />
            ))}
          </ol>
        )}
      </ListState>
    </section>
  );
}

function ServiceEvent({ event }: { event: ServiceEventDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const code = event.action.replace(/^service\./, '');
  const text = t(`services.events.${code}`, {
    os: event.os?.name ?? '',
    date: event.expiresAt ? formatLongDate(event.expiresAt, lng) : '',
    reverse: event.reverse ?? '',
    file: event.file ?? '',
  });
  return (
    <li className="service-history__item">
      <span className="service-history__text">{text}</span>
      <span className="service-history__meta">
        <time dateTime={event.at}>{timeOf(event.at, lng)}</time> · {t(`services.events.by.${event.by}`)}
      </span>
    </li>
  );
}
