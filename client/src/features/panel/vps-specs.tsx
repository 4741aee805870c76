import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VpsInfoDto } from '../../../../shared/schemas/vps';
import { VpsField } from './vps-field';

/** What the customer bought and what the machine is: product, plan, RAM, cores, storage, traffic, system and region. */
export function VpsSpecs({ info, product }: { info: VpsInfoDto; product: string | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { specs } = info;
  return (
    <section className="vps-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="vps-section__title">
        {t('panel.vpsDetail.specs')}
      </h3>
      <dl className="vps-fields">
        {product && <VpsField label={t('panel.vpsDetail.product')}>{product}</VpsField>}
        <VpsField label={t('panel.vpsDetail.plan')}>{info.plan}</VpsField>
        <VpsField label={t('panel.vpsDetail.ram')}>{t('panel.vpsDetail.gigabytes', { n: specs.ram })}</VpsField>
        <VpsField label={t('panel.vpsDetail.cores')}>{t('panel.vpsDetail.coresValue', { n: specs.cores })}</VpsField>
        <VpsField label={t('panel.vpsDetail.storage')}>{t('panel.vpsDetail.gigabytes', { n: specs.storage })}</VpsField>
        <VpsField label={t('panel.vpsDetail.traffic')}>{specs.traffic}</VpsField>
        <VpsField label={t('panel.vpsDetail.os')}>{info.os}</VpsField>
        <VpsField label={t('panel.vpsDetail.region')}>{info.region}</VpsField>
      </dl>
    </section>
  );
}
