import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketDetail } from './ticket-detail';
import { TicketsTable } from './tickets-table';
import { useStaffTickets } from './use-staff-tickets';

/** Category 1 'Support': the customers' tickets; one opens to read and answer it. */
export function TicketsPage() {
  const { t } = useTranslation();
  const { state, updateTicket, retry } = useStaffTickets();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = state.status === 'ready' ? state.tickets.find((ticket) => ticket.id === openId) : undefined;

  if (open) return <TicketDetail ticket={open} onBack={() => setOpenId(null)} onUpdated={updateTicket} />;
  return (
    <section className="staff-panel" aria-labelledby="staff-tickets-title">
      <h1 id="staff-tickets-title" className="staff-panel__title">
        {t('staff.tickets.title')}
      </h1>
      {state.status === 'loading' && (
        <p className="staff-state" role="status">
          <span className="spinner" aria-hidden="true" /> {t('staff.tickets.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="staff-state staff-state--error">
          <p role="alert">{t('staff.tickets.errorload')}</p>
          <button type="button" className="button button--secondary button--small" onClick={retry}>
            {t('staff.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.tickets.length === 0 && <p className="staff-state">{t('staff.tickets.empty')}</p>}
      {state.status === 'ready' && state.tickets.length > 0 && <TicketsTable tickets={state.tickets} onOpen={setOpenId} />}
    </section>
  );
}
