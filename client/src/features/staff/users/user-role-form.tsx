import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffUsersApi } from '../../../../../shared/contract/staff-users';
import { ROLES } from '../../../../../shared/constants';
import { changeUserRoleSchema, type StaffUserDto } from '../../../../../shared/schemas/staff/users';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { SubmitButton } from '../../../ui/submit-button';
import { useStaff } from '../staff-context';
import { useStaffApi } from '../use-staff-api';
import { useDialogs } from '../../../ui/dialogs/dialog-context';

type Outcome = { tone: 'error' | 'success'; key: string } | null;

/** The server's refusals, as the texts the admin reads. */
function errorKey(error: unknown): string {
  if (error instanceof ApiError && error.error === 'cannot_change_own_role') return 'staff.users.roleForm.ownRole';
  if (error instanceof ApiError && error.status === 403) return 'staff.users.roleForm.forbidden';
  return 'staff.users.roleForm.error';
}

/** Admin only: gives the account another role, after a confirmation (it opens or closes the back-office). */
export function UserRoleForm({ user, onChanged }: { user: StaffUserDto; onChanged: (user: StaffUserDto) => void }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { user: me } = useStaff();
  const api = useStaffApi();
  const form = useForm({ resolver: zodResolver(changeUserRoleSchema), defaultValues: { role: user.role } });
  const busy = form.formState.isSubmitting;
  const role = useWatch({ control: form.control, name: 'role' });
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    if (body.role === user.role) return;
    if (!(await dialogs.confirm(t('staff.users.roleForm.confirm', { name: user.fullName, role: t(`staff.users.roles.${body.role}`) }))))
      return;
    setOutcome(null);
    try {
      const answer = await api.call(staffUsersApi.changeRole, { params: { id: String(user.id) }, body });
      setOutcome({ tone: 'success', key: 'staff.users.roleForm.success' });
      onChanged(answer.user);
    } catch (error) {
      setOutcome({ tone: 'error', key: errorKey(error) });
    }
  });

  return (
    <form className="users-admin__form" onSubmit={onSubmit} aria-labelledby="users-role-title">
      <h2 id="users-role-title" className="staff-panel__subtitle">
        {t('staff.users.roleForm.title')}
      </h2>
      {outcome && <FormAlert tone={outcome.tone}>{t(outcome.key)}</FormAlert>}
      {user.id === me.id ? (
        // The server refuses it too (409): an admin never demotes themselves by mistake.
        <p className="staff-state">{t('staff.users.roleForm.ownRole')}</p>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor="users-new-role">
              {t('staff.users.roleForm.label')}
            </label>
            <select id="users-new-role" className="input" {...form.register('role')} disabled={busy}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`staff.users.roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton busy={busy} disabled={busy || role === user.role} busyLabel={t('staff.users.roleForm.busy')}>
            {t('staff.users.roleForm.submit')}
          </SubmitButton>
        </>
      )}
    </form>
  );
}
