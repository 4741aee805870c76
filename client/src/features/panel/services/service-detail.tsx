import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ListState } from '../../../ui/list-state';
import { queryListState } from '../../../ui/query-list-state';
import { useService } from '../api/get-service';
import { GameBackups } from './game-backups/game-backups-section';
import { ServiceBackLink } from './service-back-link';
import { ServiceEndActions } from './service-end-actions';
import { ServiceFacts } from './service-facts';
import { GameServerLive } from './game-console/game-server-live';
import { GameFilesSection } from './game-files/game-files-section';
import { ServiceHistory } from './service-history';
import { ServiceNote } from './service-note';
import { ServiceReinstall } from './service-reinstall';
import { ServiceReverseDns } from './service-reverse-dns';
import { ServiceStatusBadge } from './service-status-badge';
import { useServiceView } from './use-service-view';
import { VpsTools } from './vps-tools/vps-tools';

/** One service (GET /api/services/{id}): everything on its card, with its order and dates. */
export function ServiceDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { focus } = useServiceView();
  const query = useService(id);
  const service = query.data?.service;
  const openedFromList = focus?.focus === 'detail';

  // Opened from a card: focus the title, so screen readers start here and Tab goes on from it.
  useEffect(() => {
    if (openedFromList && service) headingRef.current?.focus();
  }, [openedFromList, service]);

  if (!service) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="service-detail">
        <ServiceBackLink fromServiceId={id} />
        {missing ? (
          <div className="panel-empty">
            <h2 className="panel-empty__title">{t('panel.services.notFoundTitle')}</h2>
            <p className="panel-empty__text">{t('panel.services.notFound')}</p>
          </div>
        ) : (
          <ListState
            look="panel"
            state={queryListState(query)}
            loading={t('panel.services.loadingOne')}
            failed={t('panel.services.errorloadOne')}
            retry={{ label: t('panel.services.retry'), onRetry: () => query.refetch() }}
          />
        )}
      </div>
    );
  }
  return (
    <article className="service-detail" aria-labelledby={headingId}>
      <ServiceBackLink fromServiceId={id} />
      <header className="service-detail__header">
        <h2 ref={headingRef} id={headingId} className="service-detail__title" tabIndex={-1}>
          <span className="service-card__kind">{t(`panel.services.kind.${service.kind}`)}</span>
          <span>{service.product.name}</span>
        </h2>
        <ServiceStatusBadge status={service.status} />
      </header>
      {query.isError && (
        <p className="panel-stale" role="status">
          {t('panel.services.refreshFailed')}
        </p>
      )}
      <ServiceNote service={service} />
      <ServiceFacts service={service} more />
      <GameServerLive service={service} />
      <GameFilesSection service={service} />
      <GameBackups service={service} />
      <ServiceReinstall service={service} />
      <ServiceReverseDns service={service} />
      <VpsTools service={service} />
      <ServiceEndActions service={service} />
      <ServiceHistory service={service} />
    </article>
  );
}
