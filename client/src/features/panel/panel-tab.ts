import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const PANEL_TABS = ['vps', 'services', 'factures', 'paiement', 'sessions'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

const isPanelTab = (value: string | null): value is PanelTab => (PANEL_TABS as readonly string[]).includes(value ?? '');

/** The open tab lives in the URL (?tab=factures), so links and reloads land on it; 'Mes VPS' by default. */
export function usePanelTab(): [PanelTab, (tab: PanelTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: PanelTab = isPanelTab(raw) ? raw : 'vps';

  const select = useCallback(
    (next: PanelTab) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'vps') updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        // A tab switch is not a new page: no history entry, no jump to the top.
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [tab, select];
}
