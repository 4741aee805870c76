import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { BILLING_PERIOD_MONTHS } from '../../../../../shared/billing/service-period';
import { STORAGE_TYPES } from '../../../../../shared/catalog/storage-types';
import { FormField, TextField } from '../../../ui/form-field';

// The fields of what a product sells that the creation form and the edit dialog share (issue 34).

interface FieldProps {
  id: string;
  control: UseFormRegisterReturn;
  disabled: boolean;
  error?: string | undefined;
  /** Where the error already shows (the creation form says it once, above its cards); absent: under the field. */
  errorShownAt?: string | undefined;
}

/** "Période de facturation": the months one payment buys (1, 3, 6, 12). */
export function BillingPeriodField({ id, control, disabled, error, errorShownAt }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      label={t('staff.product.billingPeriod')}
      hint={t('staff.product.billingPeriodHint')}
      error={error}
      errorShownAt={errorShownAt}
    >
      {(aria) => (
        <select className="select" disabled={disabled} {...control} {...aria}>
          {BILLING_PERIOD_MONTHS.map((months) => (
            <option key={months} value={String(months)}>
              {months === 1 ? t('staff.product.billingMonthly') : t('staff.product.billingMonths', { months })}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** "Type de disque": NVMe, SSD, HDD, or the empty choice the form names (`emptyLabel`). */
export function StorageTypeField({ id, control, disabled, error, errorShownAt, emptyLabel }: FieldProps & { emptyLabel: string }) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      label={t('staff.product.storageType')}
      hint={t('staff.product.storageTypeHint')}
      error={error}
      errorShownAt={errorShownAt}
    >
      {(aria) => (
        <select className="select" disabled={disabled} {...control} {...aria}>
          <option value="">{emptyLabel}</option>
          {STORAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** "Bande passante": the specs line the shop shows; empty, no line. */
export function BandwidthField({ id, control, disabled, error, errorShownAt }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('staff.product.bandwidth')}
      hint={t('staff.product.bandwidthHint')}
      autoComplete="off"
      maxLength={30}
      error={error}
      errorShownAt={errorShownAt}
      disabled={disabled}
      {...control}
    />
  );
}
