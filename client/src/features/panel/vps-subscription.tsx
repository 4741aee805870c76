import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VpsDto } from '../../../../shared/schemas/vps';
import { useLanguage } from '../../ui/use-language';
import { formatDate } from './format-date';
import { VpsField } from './vps-field';

/** When the server was delivered, when it expires, and the order it came with. */
export function VpsSubscription({ vps }: { vps: VpsDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const titleId = useId();
  const date = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDate(iso, lng)}</time> : t('panel.vpsDetail.noDate'));
  return (
    <section className="vps-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="vps-section__title">
        {t('panel.vpsDetail.subscription')}
      </h3>
      <dl className="vps-fields">
        <VpsField label={t('panel.vpsDetail.delivered')}>{date(vps.started_at)}</VpsField>
        <VpsField label={t('panel.vpsDetail.expires')}>{date(vps.expires_at)}</VpsField>
        <VpsField label={t('panel.vpsDetail.order')}>{t('panel.vpsDetail.orderValue', { id: vps.orderId })}</VpsField>
      </dl>
    </section>
  );
}
