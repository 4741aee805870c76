import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

interface Props<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/** Where each key moves from tab `index` among `count` tabs (the arrows wrap around). */
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export const tabId = (id: string) => `panel-tab-${id}`;
export const tabPanelId = (id: string) => `panel-tabpanel-${id}`;

/**
 * An ARIA tablist: one tab in the Tab order (the selected one); arrows, Home and End move between
 * tabs and open them at once (there are only two, both cheap to show).
 */
export function PanelTabs<Id extends string>({ label, tabs, selected, onSelect }: Props<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length)]!.id;
    onSelect(next);
    refs.current.get(next)?.focus();
  }

  return (
    <div className="panel-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="panel-tabs__tab"
            aria-selected={active}
            aria-controls={tabPanelId(tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
