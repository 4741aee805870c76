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
  /** The element ids the tabs and their panels carry (aria-controls / aria-labelledby pairs). */
  tabIdOf: (id: Id) => string;
  panelIdOf: (id: Id) => string;
  className: string;
  tabClassName: string;
}

/** Where each key moves from tab `index` among `count` tabs (the arrows wrap around). */
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * An ARIA tablist: one tab in the Tab order (the selected one); arrows, Home and End move between
 * tabs and open them at once (the views it switches are cheap to show).
 */
export function TabList<Id extends string>({ label, tabs, selected, onSelect, tabIdOf, panelIdOf, className, tabClassName }: Props<Id>) {
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
    <div className={className} role="tablist" aria-label={label}>
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
            id={tabIdOf(tab.id)}
            className={tabClassName}
            aria-selected={active}
            aria-controls={panelIdOf(tab.id)}
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
