import { useTranslation } from 'react-i18next';
import { ListState } from '../../../ui/list-state';
import { queryListState } from '../../../ui/query-list-state';
import { useServices } from '../api/get-services';
import { ServiceDetail } from './service-detail';
import { ServicesEmpty } from './services-empty';
import { ServicesList } from './services-list';
import { useServiceView } from './use-service-view';

/** 'Mes services' (issue 31): VPS and game servers, kept fresh; one opens in a view kept in the URL. */
export function ServicesTab() {
  const { t } = useTranslation();
  const { openId } = useServiceView();
  const query = useServices();

  if (openId !== null) return <ServiceDetail id={openId} />;
  return (
    <ListState
      look="panel"
      state={queryListState(query)}
      loading={t('panel.services.loading')}
      failed={t('panel.services.errorload')}
      retry={{ label: t('panel.services.retry'), onRetry: () => query.refetch() }}
      isEmpty={(ready) => ready.data.services.length === 0}
      empty={<ServicesEmpty />}
    >
      {(ready) => <ServicesList services={ready.data.services} stale={ready.stale} />}
    </ListState>
  );
}
