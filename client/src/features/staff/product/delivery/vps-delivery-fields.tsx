import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { DeliveryField, fieldId, type DeliveryForm } from './delivery-field';

/** Inventory: the plan a free machine must carry, and whether to order at OVH when none is free. */
export function InventoryFields({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const { t } = useTranslation();
  const orderAtOvh = useWatch({ control: form.control, name: 'delivery.inventory.orderAtOvh' });
  return (
    <>
      <DeliveryField
        form={form}
        name="delivery.inventory.plan"
        label={t('staff.delivery.inventory.plan')}
        hint={t('staff.delivery.inventory.planHint')}
        disabled={disabled}
      />
      <div className="checkbox-field product-form__wide">
        <input
          type="checkbox"
          id={fieldId('delivery.inventory.orderAtOvh')}
          disabled={disabled}
          {...form.register('delivery.inventory.orderAtOvh')}
        />
        <label htmlFor={fieldId('delivery.inventory.orderAtOvh')}>{t('staff.delivery.inventory.orderAtOvh')}</label>
      </div>
      {orderAtOvh && <OvhFields form={form} disabled={disabled} />}
    </>
  );
}

/** OVH ordering: the plan, the datacenter, and the price above which nothing is bought. */
export function OvhFields({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <DeliveryField form={form} name="delivery.ovh.planCode" label={t('staff.delivery.ovh.planCode')} required disabled={disabled} />
      <DeliveryField
        form={form}
        name="delivery.ovh.datacenter"
        label={t('staff.delivery.ovh.datacenter')}
        hint={t('staff.delivery.ovh.datacenterHint')}
        required
        disabled={disabled}
      />
      <DeliveryField
        form={form}
        name="delivery.ovh.maxPriceCents"
        label={t('staff.delivery.ovh.maxPrice')}
        hint={t('staff.delivery.ovh.maxPriceHint')}
        required
        disabled={disabled}
      />
    </>
  );
}
