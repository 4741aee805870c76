import { useTranslation } from 'react-i18next';

/** A ticket's status in the team's words (open, in progress, answered, closed). */
export function TicketStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`staff-status staff-status--${status}`}>{t(`staff.tickets.statuses.${status}`, { defaultValue: status })}</span>;
}
