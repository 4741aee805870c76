import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../ui/form-alert';
import { LogsTable } from './logs-table';
import { LogsViewTabs, logsPanelId, logsTabId, type LogsView } from './logs-view-tabs';
import { MailFailuresView } from './mail-failures-view';
import { NO_FILTERS, useAuditLog, type LogFilters } from './api/get-audit-log';
// The filter bar is the Produits page's; the change lines are the log's own.
import '../../../styles/staff-products.css';
import '../../../styles/staff-logs.css';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

const FIELDS: { name: keyof LogFilters; type: 'text' | 'date'; hint?: string }[] = [
  { name: 'actor', type: 'text', hint: 'staff.logs.whoHint' },
  { name: 'action', type: 'text', hint: 'staff.logs.whatHint' },
  { name: 'from', type: 'date' },
  { name: 'to', type: 'date' },
];
const LABELS: Record<keyof LogFilters, string> = {
  actor: 'staff.logs.who',
  action: 'staff.logs.what',
  from: 'staff.logs.from',
  to: 'staff.logs.to',
};

/**
 * Category 5 "Logs" (admin only): who did what and when, filtered by who, action prefix and dates;
 * a second view lists the mails that did not leave.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const form = useForm({ defaultValues: NO_FILTERS });
  // The list follows the filters applied with 'Filtrer', not each key typed.
  const [applied, setApplied] = useState<LogFilters>(NO_FILTERS);
  const { state, invalidFields, loadingMore, loadMore, reload } = useAuditLog(applied);
  const invalid = invalidFields ?? [];
  const [view, setView] = useState<LogsView>('actions');

  // Filters the server refused: the first one on screen takes the focus, to be corrected.
  const firstRefused = FIELDS.find(({ name }) => invalidFields?.includes(name))?.name;
  useEffect(() => {
    if (firstRefused) form.setFocus(firstRefused);
  }, [firstRefused, form, state]);

  const apply = form.handleSubmit((typed) => {
    const trimmed = { actor: typed.actor.trim(), action: typed.action.trim(), from: typed.from, to: typed.to };
    // A new object even when unchanged: 'Filtrer' also reads the log again.
    setApplied(trimmed);
  });

  return (
    <section className="staff-panel" aria-labelledby="staff-logs-title">
      <h1 id="staff-logs-title" className="staff-panel__title">
        {t('staff.logs.title')}
      </h1>
      <LogsViewTabs selected={view} onSelect={setView} />
      {view === 'mails' ? (
        <div role="tabpanel" id={logsPanelId('mails')} aria-labelledby={logsTabId('mails')}>
          <MailFailuresView />
        </div>
      ) : (
        <div role="tabpanel" id={logsPanelId('actions')} aria-labelledby={logsTabId('actions')}>
          <form className="staff-filters staff-logs__filters" onSubmit={(event) => void apply(event)} noValidate>
            {FIELDS.map(({ name, type, hint }) => (
              <div key={name} className={invalid.includes(name) ? 'field field--invalid' : 'field'}>
                <label className="field__label" htmlFor={`staff-logs-${name}`}>
                  {t(LABELS[name])}
                </label>
                <input
                  id={`staff-logs-${name}`}
                  className="input"
                  type={type}
                  aria-invalid={invalid.includes(name) || undefined}
                  aria-describedby={hint ? `staff-logs-${name}-hint` : undefined}
                  {...form.register(name)}
                />
                {hint && (
                  <p id={`staff-logs-${name}-hint`} className="field__hint">
                    {t(hint)}
                  </p>
                )}
              </div>
            ))}
            <div className="staff-logs__buttons">
              <button type="submit" className="button button--primary">
                {t('staff.logs.filter')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  form.reset(NO_FILTERS);
                  setApplied(NO_FILTERS);
                }}
              >
                {t('staff.logs.reset')}
              </button>
            </div>
          </form>
          {/* Filters the server refused: said by the form, not as a failed list. */}
          {state.status === 'failed' && invalidFields ? (
            <FormAlert tone="error">{t('staff.logs.invalidFilters')}</FormAlert>
          ) : (
            <ListState
              state={state}
              loading={t('staff.logs.loading')}
              failed={t('staff.logs.errorload')}
              retry={{ label: t('staff.retry'), onRetry: reload }}
              isEmpty={(ready) => ready.items.length === 0}
              empty={t('staff.logs.empty')}
            >
              {(ready) => (
                <>
                  <LogsTable entries={ready.items} />
                  {ready.hasMore && (
                    <StaffLoadMore
                      loading={loadingMore}
                      onClick={loadMore}
                      label={t('staff.logs.loadMore')}
                      loadingLabel={t('staff.logs.loadingMore')}
                    />
                  )}
                </>
              )}
            </ListState>
          )}
        </div>
      )}
    </section>
  );
}
