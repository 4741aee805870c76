import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { FormAlert } from '../../../ui/form-alert';
import { formatLongDate } from '../../../ui/format-long-date';
import { useLanguage } from '../../../ui/use-language';

/** Where the last reinstall stands: running, done (how root logs in now), or failed. */
export function ReinstallStatus({ reinstall }: { reinstall: NonNullable<ServiceDto['reinstall']> }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const os = reinstall.os.name;
  if (reinstall.state === 'installing') {
    return (
      <p className="status-line service-reinstall__status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('services.reinstall.installing', { os })}
      </p>
    );
  }
  if (reinstall.state === 'failed') return <FormAlert tone="error">{t('services.reinstall.failed', { os })}</FormAlert>;
  return (
    <FormAlert tone="success">
      {t('services.reinstall.done', {
        os,
        date: formatLongDate(reinstall.finishedAt ?? reinstall.startedAt, lng),
        key: reinstall.sshKey?.name ?? '',
        fingerprint: reinstall.sshKey?.fingerprint ?? '',
      })}
    </FormAlert>
  );
}
