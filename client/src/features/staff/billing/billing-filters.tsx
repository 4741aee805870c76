import { useTranslation } from 'react-i18next';
import { BILLING_FILTERS, type BillingFilter } from '../../../../../shared/schemas/staff/billing';

/** 'À encaisser', 'Virements annoncés', 'Payées': toggle buttons, the chosen one pressed. */
export function BillingFilters({ filter, onChange }: { filter: BillingFilter; onChange: (filter: BillingFilter) => void }) {
  const { t } = useTranslation();
  return (
    <div className="billing-filters" role="group" aria-label={t('staff.billing.filtersLabel')}>
      {BILLING_FILTERS.map((name) => (
        <button
          key={name}
          type="button"
          className={name === filter ? 'button button--primary button--small' : 'button button--secondary button--small'}
          aria-pressed={name === filter}
          onClick={() => onChange(name)}
        >
          {t(`staff.billing.filters.${name}`)}
        </button>
      ))}
    </div>
  );
}
