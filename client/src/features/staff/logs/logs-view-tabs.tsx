import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type LogsView = 'actions' | 'mails';

const VIEWS: readonly { id: LogsView; label: string }[] = [
  { id: 'actions', label: 'staff.logs.viewActions' },
  { id: 'mails', label: 'staff.logs.viewMails' },
];

export const logsTabId = (view: LogsView) => `staff-logs-tab-${view}`;
export const logsPanelId = (view: LogsView) => `staff-logs-panel-${view}`;

/**
 * The Logs page's two views as an ARIA tablist: one tab in the Tab order; the arrows, Home and End
 * move between them. The mails view is read only when opened.
 */
export function LogsViewTabs({ selected, onSelect }: { selected: LogsView; onSelect: (view: LogsView) => void }) {
  const { t } = useTranslation();
  const refs = useRef(new Map<LogsView, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const count = VIEWS.length;
    const moves: Record<string, number> = { ArrowRight: (index + 1) % count, ArrowLeft: (index - 1 + count) % count, Home: 0, End: count - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = VIEWS[to]!.id;
    onSelect(next);
    refs.current.get(next)?.focus();
  }

  return (
    <div className="staff-logs__tabs" role="tablist" aria-label={t('staff.logs.views')}>
      {VIEWS.map((view, index) => {
        const active = view.id === selected;
        return (
          <button
            key={view.id}
            ref={(node) => {
              if (node) refs.current.set(view.id, node);
              else refs.current.delete(view.id);
            }}
            type="button"
            role="tab"
            id={logsTabId(view.id)}
            className="staff-logs__tab"
            aria-selected={active}
            aria-controls={logsPanelId(view.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(view.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(view.label)}
          </button>
        );
      })}
    </div>
  );
}
