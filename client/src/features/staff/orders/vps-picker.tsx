import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffOrdersApi } from '../../../../../shared/contract/staff-orders';
import type { StaffOrderDto } from '../../../../../shared/schemas/staff/orders';
import type { VpsFit } from '../../../../../shared/staff/vps-fit';
import { ApiError } from '../../../api/client';
import { useStaff } from '../staff-context';
import { useStaffApi } from '../use-staff-api';
import { useAvailableVps } from './api/get-available-vps';
import { useDialogs } from '../../../ui/dialogs/dialog-context';
import { StaffLoadMore } from '../staff-load-more';

interface Props {
  order: StaffOrderDto;
  onAssigned: (orderId: number) => void;
  onCancel: () => void;
}

/** The refusals of confirm that have their own text (issue 17: the machine against the plan bought). */
const PLAN_REFUSALS = new Set(['vps_smaller_than_order', 'vps_upgrade_not_chosen']);

const FIT_LABEL: Record<VpsFit, string> = { match: 'staff.vps.fitMatch', larger: 'staff.vps.fitLarger', smaller: 'staff.vps.fitSmaller' };

/**
 * 'Attribuer un VPS pour la commande #{id}': the free VPS of the order's OS family (spec §2), in a
 * modal dialog, beside the plan the order bought: matching machines first (with 'Attribuer'), larger
 * ones only as an explicit upgrade, smaller ones shown but never offered. 50 a page: 'Charger plus'
 * adds the machines after the last one shown.
 */
export function VpsPicker({ order, onAssigned, onCancel }: Props) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { user } = useStaff();
  const api = useStaffApi();
  const { state, orderedPlan, loadingMore, loadMore } = useAvailableVps(order.id);
  const [assigning, setAssigning] = useState<number | null>(null);
  const titleId = `vps-picker-title-${order.id}`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A modal <dialog>: the list behind is inert, Escape closes it; the focus starts on its title and
  // goes back to the row's 'Assigner VPS' button when it closes.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    heading.current?.focus();
    // No close() here: unmounting takes it out of the top layer (see the shop's added dialog).
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  /** `upgrade`: staff chose to deliver a machine larger than the plan bought (the server refuses it otherwise). */
  async function assign(vpsId: number, upgrade: boolean) {
    setAssigning(vpsId);
    try {
      await api.call(staffOrdersApi.confirm, {
        params: { id: String(order.id) },
        body: { userId: user.id, vpsId, ...(upgrade ? { upgrade: true } : {}) },
      });
      await dialogs.alert(t('staff.vps.assigned'));
      onAssigned(order.id);
    } catch (err) {
      const code = err instanceof ApiError ? err.error : undefined;
      await dialogs.alert(code && PLAN_REFUSALS.has(code) ? t(`staff.vps.${code}`) : t('staff.vps.assignError'));
      setAssigning(null);
    }
  }
  const size = (s: { ram: number; cores: number; storage: number }) =>
    t('staff.vps.size', { ram: s.ram, cores: s.cores, storage: s.storage });

  return (
    <dialog ref={dialogRef} className="vps-picker" aria-labelledby={titleId} onClose={onCancel}>
      <div className="vps-picker__header">
        <h2 id={titleId} className="staff-panel__subtitle" tabIndex={-1} ref={heading}>
          {t('staff.vps.title', { id: order.id })}
        </h2>
        <button type="button" className="button button--secondary button--small" onClick={() => dialogRef.current?.close()}>
          {t('staff.vps.cancel')}
        </button>
      </div>
      {state.status === 'loading' && (
        <p className="staff-state" role="status">
          <span className="spinner" aria-hidden="true" /> {t('staff.vps.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="staff-state staff-state--error" role="alert">
          {t('staff.vps.errorload')}
        </p>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <p className="staff-state">{t('staff.vps.empty', { os: order.os ?? t('staff.vps.anyOs') })}</p>
      )}
      {state.status === 'ready' && (
        <p className="vps-picker__ordered" data-testid="vps-picker-ordered">
          {orderedPlan ? t('staff.vps.ordered', { product: orderedPlan.product, size: size(orderedPlan) }) : t('staff.vps.noPlan')}
        </p>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <table className="staff-table vps-picker__table">
            <caption className="visually-hidden">{t('staff.vps.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.vps.id')}</th>
                <th scope="col">{t('staff.vps.service')}</th>
                <th scope="col">{t('staff.vps.ip')}</th>
                <th scope="col">{t('staff.vps.os')}</th>
                <th scope="col">{t('staff.vps.plan')}</th>
                <th scope="col">{t('staff.vps.specs')}</th>
                <th scope="col">{t('staff.vps.fit')}</th>
                <th scope="col">{t('staff.vps.action')}</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((vps) => (
                <tr key={vps.id} className="staff-row">
                  <th scope="row" data-label={t('staff.vps.id')}>
                    {vps.id}
                  </th>
                  <td data-label={t('staff.vps.service')} className="staff-row__wrap">
                    {vps.service_name}
                  </td>
                  <td data-label={t('staff.vps.ip')} className="staff-row__mono">
                    {vps.ip}
                  </td>
                  <td data-label={t('staff.vps.os')}>{vps.os}</td>
                  <td data-label={t('staff.vps.plan')}>{vps.plan}</td>
                  <td data-label={t('staff.vps.specs')} className="vps-picker__size">
                    {size(vps)}
                  </td>
                  <td data-label={t('staff.vps.fit')}>
                    <span className={`vps-fit vps-fit--${vps.fit}`}>{t(FIT_LABEL[vps.fit])}</span>
                  </td>
                  <td className="staff-row__actions">
                    {vps.fit !== 'smaller' && (
                      <button
                        type="button"
                        className={`button button--small ${vps.fit === 'match' ? 'button--primary' : 'button--secondary'}`}
                        disabled={assigning !== null}
                        aria-busy={assigning === vps.id || undefined}
                        aria-label={`${t(vps.fit === 'larger' ? 'staff.vps.upgrade' : 'staff.vps.assign')} ${vps.service_name}`}
                        onClick={() => void assign(vps.id, vps.fit === 'larger')}
                      >
                        {assigning === vps.id
                          ? t('staff.vps.assigning')
                          : t(vps.fit === 'larger' ? 'staff.vps.upgrade' : 'staff.vps.assign')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {state.hasMore && (
            <StaffLoadMore
              loading={loadingMore}
              onClick={loadMore}
              label={t('staff.orders.loadMore')}
              loadingLabel={t('staff.orders.loadingMore')}
            />
          )}
        </>
      )}
    </dialog>
  );
}
