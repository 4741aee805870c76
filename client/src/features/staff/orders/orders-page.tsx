import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { staffOrdersApi } from '../../../../../shared/contract/staff-orders';
import { ApiError } from '../../../api/client';
import { useStaff } from '../staff-context';
import { useStaffApi } from '../use-staff-api';
import { OrdersTable } from './orders-table';
import { useStaffOrders } from './api/get-staff-orders';
import { VpsPicker } from './vps-picker';
import { useDialogs } from '../../../ui/dialogs/dialog-context';
import { StaffLoadMore } from '../staff-load-more';

/** Category 0, 'Liste des commandes' (spec §2 "Orders page"). */
export function OrdersPage() {
  const { t } = useTranslation();
  const { user, adminToken, role, isOnline } = useStaff();
  // Spec §5 "Order list": without a token or a numeric user id the list cannot be asked for.
  const identified = Boolean(adminToken) && Number.isInteger(user.id) && user.id > 0;
  // Spec §6: only online support staff see the order list.
  const offDuty = role === 'support' && !isOnline;

  return (
    <section className="staff-panel" aria-labelledby="staff-orders-title">
      <h1 id="staff-orders-title" className="staff-panel__title">
        {t('staff.orders.title')}
      </h1>
      {!identified ? (
        <p className="staff-state staff-state--error" role="alert">
          {t('staff.orders.noUser')}
        </p>
      ) : offDuty ? (
        <p className="staff-state staff-state--warning" role="status">
          {t('staff.orders.offDuty')}
        </p>
      ) : (
        <OrdersList />
      )}
    </section>
  );
}

function OrdersList() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { user, setOnline } = useStaff();
  const api = useStaffApi();
  const goneOffDuty = useCallback(() => setOnline(false), [setOnline]);
  const { state, loadingMore, loadMore, refresh, retry, updateOrder, dropOrder } = useStaffOrders(user.id, true, goneOffDuty);
  const [takingId, setTakingId] = useState<number | null>(null);
  const [pickingId, setPickingId] = useState<number | null>(null);
  // A link to one order (#staff-order-12, from "Livraisons à reprendre"): its row comes into view once listed.
  const { hash } = useLocation();
  const listed = state.status === 'ready';
  useEffect(() => {
    if (listed && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'center' });
  }, [listed, hash]);

  async function take(orderId: number) {
    setTakingId(orderId);
    try {
      const answer = await api.call(staffOrdersApi.take, { params: { id: String(orderId) }, body: { userId: user.id } });
      updateOrder(answer.order);
    } catch (error) {
      // 409: another agent took it first. Any failure: the spec's alert, then the list as it is now.
      if (!(error instanceof ApiError && error.status === 401)) void dialogs.alert(t('staff.orders.takeError'));
      void refresh();
    } finally {
      setTakingId(null);
    }
  }

  if (state.status === 'loading') {
    return (
      <p className="staff-state" role="status">
        <span className="spinner" aria-hidden="true" /> {t('staff.orders.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="staff-state staff-state--error">
        <p role="alert">{t('staff.orders.errorload')}</p>
        <button type="button" className="button button--secondary button--small" onClick={retry}>
          {t('staff.retry')}
        </button>
      </div>
    );
  }
  if (state.orders.length === 0) return <p className="staff-state">{t('staff.orders.empty')}</p>;

  const picking = state.orders.find((order) => order.id === pickingId) ?? null;
  return (
    <>
      {state.stale && (
        <p className="staff-state staff-state--warning" role="status">
          {t('staff.refreshFailed')}
        </p>
      )}
      <OrdersTable
        orders={state.orders}
        myId={user.id}
        takingId={takingId}
        pickingId={pickingId}
        onTake={(id) => void take(id)}
        onAssign={(id) => setPickingId((current) => (current === id ? null : id))}
      />
      {state.lastPageFull && (
        <StaffLoadMore
          loading={loadingMore}
          onClick={loadMore}
          label={t('staff.orders.loadMore')}
          loadingLabel={t('staff.orders.loadingMore')}
        />
      )}
      {picking && (
        <VpsPicker
          key={picking.id}
          order={picking}
          onCancel={() => setPickingId(null)}
          onAssigned={(orderId) => {
            setPickingId(null);
            dropOrder(orderId);
            void refresh();
          }}
        />
      )}
    </>
  );
}
