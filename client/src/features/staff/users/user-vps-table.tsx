import { useTranslation } from 'react-i18next';
import type { StaffUserDetailDto } from '../../../../../shared/schemas/staff';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';

/** The machines delivered to the account: Service, IP, OS, Plan, État, Expire le, Renouv. auto (never a password). */
export function UserVpsTable({ vpsList, name }: { vpsList: StaffUserDetailDto['vpsList']; name: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (vpsList.length === 0) return <p className="staff-state">{t('staff.users.detail.noVps')}</p>;
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('staff.users.detail.vpsCaption', { name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.users.detail.service')}</th>
          <th scope="col">{t('staff.users.detail.ip')}</th>
          <th scope="col">{t('staff.users.detail.os')}</th>
          <th scope="col">{t('staff.users.detail.plan')}</th>
          <th scope="col">{t('staff.users.detail.state')}</th>
          <th scope="col">{t('staff.users.detail.expires')}</th>
          <th scope="col">{t('staff.users.detail.autoRenew')}</th>
        </tr>
      </thead>
      <tbody>
        {vpsList.map((vps) => (
          <tr key={vps.id} className="staff-row">
            <th scope="row" data-label={t('staff.users.detail.service')} className="staff-row__wrap staff-row__mono">
              {vps.service_name}
            </th>
            <td data-label={t('staff.users.detail.ip')} className="staff-row__mono">
              {vps.ip}
            </td>
            <td data-label={t('staff.users.detail.os')}>{vps.os}</td>
            <td data-label={t('staff.users.detail.plan')}>{vps.plan}</td>
            <td data-label={t('staff.users.detail.state')}>{t(`staff.users.vpsState.${vps.state}`, { defaultValue: vps.state })}</td>
            <td data-label={t('staff.users.detail.expires')} className="staff-row__nowrap">
              {vps.expires_at ? <time dateTime={vps.expires_at}>{formatDateTime(vps.expires_at, lng)}</time> : t('staff.users.detail.none')}
            </td>
            <td data-label={t('staff.users.detail.autoRenew')}>{t(vps.auto_renew ? 'staff.users.detail.on' : 'staff.users.detail.off')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
