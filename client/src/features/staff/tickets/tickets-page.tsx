import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewsModeration } from '../reviews/reviews-moderation';
import { SupportViewTabs, supportPanelId, supportTabId, type SupportView } from './support-view-tabs';
import { TicketDetail } from './ticket-detail';
import { TicketsTable } from './tickets-table';
import { useStaffTickets } from './use-staff-tickets';
import '../../../styles/staff-logs.css';
import { StaffLoadMore } from '../staff-load-more';

/**
 * Category 1 'Support': the customers' tickets (one opens to read and answer it) and, in a second
 * view, the comments customers left with their rating, to publish or refuse (issue 17).
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const { state, updateTicket, retry, loadMore, loadingMore } = useStaffTickets();
  const [openId, setOpenId] = useState<number | null>(null);
  const [view, setView] = useState<SupportView>('tickets');
  const open = state.status === 'ready' ? state.tickets.find((ticket) => ticket.id === openId) : undefined;

  if (open) return <TicketDetail ticket={open} onBack={() => setOpenId(null)} onUpdated={updateTicket} />;
  return (
    <section className="staff-panel" aria-labelledby="staff-tickets-title">
      <h1 id="staff-tickets-title" className="staff-panel__title">
        {t('staff.tickets.title')}
      </h1>
      <SupportViewTabs selected={view} onSelect={setView} />
      {view === 'reviews' ? (
        <div role="tabpanel" id={supportPanelId('reviews')} aria-labelledby={supportTabId('reviews')}>
          <ReviewsModeration />
        </div>
      ) : (
        <div role="tabpanel" id={supportPanelId('tickets')} aria-labelledby={supportTabId('tickets')}>
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
          {state.status === 'ready' && state.tickets.length > 0 && (
            <>
              <TicketsTable tickets={state.tickets} onOpen={setOpenId} />
              {state.next !== null && (
                <StaffLoadMore
                  loading={loadingMore}
                  onClick={loadMore}
                  label={t('staff.tickets.loadMore')}
                  loadingLabel={t('staff.tickets.loadingMore')}
                />
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
