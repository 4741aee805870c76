import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../../../shared/constants';
import type { UserFilters } from './api/get-staff-users';

/** The search box (name, e-mail or company) and the role filter; the list follows on submit. */
export function UsersSearch({ filters, onSearch }: { filters: UserFilters; onSearch: (filters: UserFilters) => void }) {
  const { t } = useTranslation();
  const form = useForm<UserFilters>({ defaultValues: filters });
  const onSubmit = form.handleSubmit(({ q, role }) => onSearch({ q: q.trim(), role }));

  return (
    <form className="users-search" role="search" onSubmit={(event) => void onSubmit(event)}>
      <div className="field users-search__q">
        <label className="field__label" htmlFor="users-q">
          {t('staff.users.search')}
        </label>
        <input id="users-q" className="input" type="search" maxLength={200} {...form.register('q')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="users-role">
          {t('staff.users.roleFilter')}
        </label>
        {/* A role filter applies at once: there is nothing more to type. */}
        <select id="users-role" className="input" {...form.register('role', { onChange: () => void onSubmit() })}>
          <option value="">{t('staff.users.allRoles')}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`staff.users.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary users-search__submit">
        {t('staff.users.searchButton')}
      </button>
    </form>
  );
}
