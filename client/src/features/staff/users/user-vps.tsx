import { useTranslation } from 'react-i18next';
import type { StaffUserVpsDto } from '../../../../../shared/schemas/staff/users';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { UserPagedSection } from './user-paged-section';
import { useUserVps } from './api/get-user-vps';

/** The machines delivered to the account, newest order first, 50 a page (never a password). */
export function UserVps({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const list = useUserVps(userId);
  const texts = {
    loading: t('staff.users.detail.vpsLoading'),
    failed: t('staff.users.detail.vpsErrorload'),
    empty: t('staff.users.detail.noVps'),
  };
  return (
    <UserPagedSection list={list} texts={texts}>
      {(vpsList) => <UserVpsTable vpsList={vpsList} name={name} />}
    </UserPagedSection>
  );
}

/** Service, IP, OS, Plan, État, Expire le, Renouv. auto. */
function UserVpsTable({ vpsList, name }: { vpsList: StaffUserVpsDto[]; name: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
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
