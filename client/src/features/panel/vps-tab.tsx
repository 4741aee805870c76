import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../ui/form-alert';
import { useVpsList } from './api/get-vps-list';
import { useVpsView } from './use-vps-view';
import { VpsDetail } from './vps-detail';
import { VpsEmpty } from './vps-empty';
import { VpsList } from './vps-list';
import { VpsNotFound } from './vps-not-found';
import { ListState } from '../../ui/list-state';

/** 'Mes VPS': the customer's servers, kept fresh; one opens in a detail view kept in the URL. */
export function VpsTab() {
  const { t } = useTranslation();
  const { state, retry, replaceVps, hasMore, loadMore, loadingMore, moreFailed } = useVpsList();
  const { openId } = useVpsView();

  if (state.status !== 'ready') {
    return (
      <ListState
        look="panel"
        state={state}
        loading={t('panel.vps.loading')}
        failed={t('panel.vps.errorload')}
        retry={{ label: t('panel.vps.retry'), onRetry: retry }}
      />
    );
  }
  if (openId !== null) {
    const vps = state.data.find((candidate) => candidate.vpsId === openId);
    return vps ? <VpsDetail vps={vps} stale={state.stale} onDone={replaceVps} onOutdated={retry} /> : <VpsNotFound vpsId={openId} />;
  }
  if (state.data.length === 0) return <VpsEmpty />;
  return (
    <>
      <VpsList list={state.data} stale={state.stale} />
      {moreFailed && <FormAlert tone="error">{t('panel.vps.loadMoreFailed')}</FormAlert>}
      {hasMore && (
        <div className="panel-load-more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore && <span className="spinner" aria-hidden="true" />}
            {t('panel.vps.loadMore')}
          </button>
        </div>
      )}
    </>
  );
}
