import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffSecondFactorApi } from '../../../../../shared/contract/two-factor';
import type { StaffUserDto } from '../../../../../shared/schemas/staff/users';
import { ApiError } from '../../../api/client';
import { useDialogs } from '../../../ui/dialogs/dialog-context';
import { FormAlert } from '../../../ui/form-alert';
import { useStaffApi } from '../use-staff-api';

type Outcome = { tone: 'error' | 'success'; key: string } | null;

/** Admin only, another staff member: removes their second factor (lost phone); they enrol again. */
export function SecondFactorReset({ user }: { user: StaffUserDto }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function reset() {
    const label = t('twoFactor.staffReset.button');
    if (!(await dialogs.confirm(t('twoFactor.staffReset.confirm', { name: user.fullName }), { confirmLabel: label, tone: 'danger' })))
      return;
    setBusy(true);
    setOutcome(null);
    try {
      await api.call(staffSecondFactorApi.reset, { params: { id: String(user.id) } });
      setOutcome({ tone: 'success', key: 'twoFactor.staffReset.done' });
    } catch (error) {
      const notOn = error instanceof ApiError && error.error === 'second_factor_not_enabled';
      setOutcome({ tone: 'error', key: notOn ? 'twoFactor.statusOff' : 'twoFactor.staffReset.error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="users-admin__form">
      <h2 className="staff-panel__subtitle">{t('twoFactor.title')}</h2>
      {outcome && <FormAlert tone={outcome.tone}>{t(outcome.key)}</FormAlert>}
      <button type="button" className="button button--danger" disabled={busy} onClick={() => void reset()}>
        {t('twoFactor.staffReset.button')}
      </button>
    </div>
  );
}
