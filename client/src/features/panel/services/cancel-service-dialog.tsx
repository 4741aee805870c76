import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { ConfirmDialog } from '../../../ui/dialogs/confirm-dialog';
import { formatLongDate } from '../../../ui/format-long-date';
import { useLanguage } from '../../../ui/use-language';

/** The terms' delay after the end before a service's data is deleted (conditions générales, "Résiliation"). */
export const DATA_KEPT_DAYS = 30;

interface Props {
  service: ServiceDto;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Résilier … ?": it runs until the end of the paid term (the date), is not renewed, and its data goes after the terms' delay. */
export function CancelServiceDialog({ service, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const name = service.product.name;
  const end = service.period.expiresAt;
  return (
    <ConfirmDialog
      title={t('panel.services.cancel.title', { name })}
      text={
        end
          ? t('panel.services.cancel.text', { name, date: formatLongDate(end, lng), days: DATA_KEPT_DAYS })
          : t('panel.services.cancel.textNoDate', { name, days: DATA_KEPT_DAYS })
      }
      confirmLabel={t('panel.services.cancel.confirm')}
      cancelLabel={t('panel.services.cancel.keep')}
      confirmTone="danger"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
