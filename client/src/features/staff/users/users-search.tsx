import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../../../shared/constants';
import type { UserFilters } from './api/get-staff-users';

/** The search box (name, e-mail or company) and the role filter; the list follows on submit. */
export function UsersSearch({ filters, onSearch }: { filters: UserFilters; onSearch: (filters: UserFilters) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(filters.q);
  const [role, setRole] = useState(filters.role);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch({ q: q.trim(), role });
  }

  return (
    <form className="users-search" role="search" onSubmit={onSubmit}>
      <div className="field users-search__q">
        <label className="field__label" htmlFor="users-q">
          {t('staff.users.search')}
        </label>
        <input id="users-q" className="input" type="search" maxLength={200} value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="users-role">
          {t('staff.users.roleFilter')}
        </label>
        <select
          id="users-role"
          className="input"
          value={role}
          onChange={(event) => {
            // A role filter applies at once: there is nothing more to type.
            const next = event.target.value as UserFilters['role'];
            setRole(next);
            onSearch({ q: q.trim(), role: next });
          }}
        >
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
