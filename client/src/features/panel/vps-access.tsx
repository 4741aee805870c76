import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VpsInfoDto } from '../../../../shared/schemas/vps';
import { CopyValueButton } from './copy-value-button';
import { VpsField } from './vps-field';
import { VpsPassword } from './vps-password';

/** How to reach the machine: IP and login, each with a copy button, and the masked password. */
export function VpsAccess({ info }: { info: VpsInfoDto }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="vps-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="vps-section__title">
        {t('panel.vpsDetail.access')}
      </h3>
      <dl className="vps-fields">
        <VpsField label={t('panel.vpsDetail.ip')}>
          <CopyableValue value={info.ip} copyLabel={t('panel.vpsDetail.copyIp')} />
        </VpsField>
        <VpsField label={t('panel.vpsDetail.login')}>
          <CopyableValue value={info.login} copyLabel={t('panel.vpsDetail.copyLogin')} />
        </VpsField>
        <VpsField label={t('panel.vpsDetail.password')}>
          <VpsPassword password={info.password} />
        </VpsField>
      </dl>
    </section>
  );
}

function CopyableValue({ value, copyLabel }: { value: string; copyLabel: string }) {
  return (
    <span className="vps-field__value">
      <code className="vps-field__code">{value}</code>
      <span className="vps-field__tools">
        <CopyValueButton value={value} label={copyLabel} />
      </span>
    </span>
  );
}
