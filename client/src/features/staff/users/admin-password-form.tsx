import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffUsersApi } from '../../../../../shared/contract/staff-users';
import { ADMIN_PASSWORD_MIN_LENGTH, setAdminPasswordSchema, type StaffUserDto } from '../../../../../shared/schemas/staff/users';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { TextField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useStaffApi } from '../use-staff-api';

type Outcome = { tone: 'error' | 'success'; key: string } | null;

/** Admin only, staff accounts: sets the admin password that opens the back-office (not the login one). */
export function AdminPasswordForm({ user }: { user: StaffUserDto }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  // The server's rule, checked here first so the admin is told before a round trip.
  const form = useForm({ resolver: zodResolver(setAdminPasswordSchema), defaultValues: { password: '' } });
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    setOutcome(null);
    try {
      await api.call(staffUsersApi.setAdminPassword, { params: { id: String(user.id) }, body: data });
      form.reset();
      setOutcome({ tone: 'success', key: 'staff.users.password.success' });
    } catch (error) {
      setOutcome({
        tone: 'error',
        key: error instanceof ApiError && error.error === 'not_staff' ? 'staff.users.password.notStaff' : 'staff.users.password.error',
      });
    }
  });

  return (
    <form className="users-admin__form" onSubmit={onSubmit} noValidate aria-labelledby="users-password-title">
      <h2 id="users-password-title" className="staff-panel__subtitle">
        {t('staff.users.password.title')}
      </h2>
      {outcome && <FormAlert tone={outcome.tone}>{t(outcome.key)}</FormAlert>}
      <TextField
        id="users-admin-password"
        type="password"
        autoComplete="new-password"
        label={t('staff.users.password.label')}
        hint={t('staff.users.password.hint', { min: ADMIN_PASSWORD_MIN_LENGTH })}
        error={errors.password ? t('staff.users.password.tooShort', { min: ADMIN_PASSWORD_MIN_LENGTH }) : undefined}
        required
        maxLength={200}
        {...register('password')}
        disabled={busy}
      />
      <SubmitButton busy={busy} disabled={busy} busyLabel={t('staff.users.password.busy')}>
        {t('staff.users.password.submit')}
      </SubmitButton>
    </form>
  );
}
