import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffDutyApi } from '../../../../shared/contract/staff-duty';
import type { SuccessDto } from '../../../../shared/schemas/staff/common';
import { useStaff } from './staff-context';
import { useStaffApi } from './use-staff-api';
import { useDialogs } from '../../ui/dialogs/dialog-context';

type Busy = 'status' | 'end' | null;

/**
 * A support agent's duty (spec §2, §4 "Support agent"): take duty; while on duty, pause (orders
 * taken stay theirs) or end the full service (they go back to pending for another agent).
 */
export function DutySwitch() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { user, isOnline, setOnline } = useStaff();
  const api = useStaffApi();
  const [busy, setBusy] = useState<Busy>(null);
  const [failed, setFailed] = useState(false);

  async function run(kind: Exclude<Busy, null>, call: () => Promise<SuccessDto>, next: boolean) {
    setBusy(kind);
    setFailed(false);
    try {
      await call();
      setOnline(next);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  const setStatus = (next: boolean) =>
    run('status', () => api.call(staffDutyApi.status, { params: { userId: String(user.id) }, body: { isOnline: next } }), next);
  const endService = async () => {
    if (!(await dialogs.confirm(t('staff.duty.endConfirm')))) return;
    void run('end', () => api.call(staffDutyApi.endService, { params: { userId: String(user.id) } }), false);
  };

  return (
    <div className="duty-switch" role="group" aria-label={t('staff.duty.label')}>
      <span className={isOnline ? 'duty-badge duty-badge--online' : 'duty-badge'} role="status">
        <span className="duty-badge__dot" aria-hidden="true" />
        {isOnline ? t('staff.duty.online') : t('staff.duty.offline')}
      </span>
      {isOnline ? (
        <>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy !== null}
            aria-busy={busy === 'status' || undefined}
            onClick={() => void setStatus(false)}
          >
            {t('staff.duty.pause')}
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busy !== null}
            aria-busy={busy === 'end' || undefined}
            onClick={endService}
          >
            {t('staff.duty.end')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy !== null}
          aria-busy={busy === 'status' || undefined}
          onClick={() => void setStatus(true)}
        >
          {t('staff.duty.take')}
        </button>
      )}
      {failed && (
        <p className="duty-switch__error" role="alert">
          {t('staff.duty.error')}
        </p>
      )}
    </div>
  );
}
