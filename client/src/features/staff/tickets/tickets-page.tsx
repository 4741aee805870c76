import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewsModeration } from '../reviews/reviews-moderation';
import { SupportViewTabs, supportPanelId, supportTabId, type SupportView } from './support-view-tabs';
import { TicketDetail } from './ticket-detail';
import { TicketsTable } from './tickets-table';
import { useStaffTickets } from './api/get-staff-tickets';
import '../../../styles/staff-logs.css';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

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
          <ListState
            state={state}
            loading={t('staff.tickets.loading')}
            failed={t('staff.tickets.errorload')}
            retry={{ label: t('staff.retry'), onRetry: retry }}
            isEmpty={(ready) => ready.tickets.length === 0}
            empty={t('staff.tickets.empty')}
          >
            {(ready) => (
              <>
                <TicketsTable tickets={ready.tickets} onOpen={setOpenId} />
                {ready.next !== null && (
                  <StaffLoadMore
                    loading={loadingMore}
                    onClick={loadMore}
                    label={t('staff.tickets.loadMore')}
                    loadingLabel={t('staff.tickets.loadingMore')}
                  />
                )}
              </>
            )}
          </ListState>
        </div>
      )}
    </section>
  );
}
