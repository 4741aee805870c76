import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';
import { DialogContext, type ConfirmOptions, type Dialogs } from './dialog-context';

interface Pending {
  id: number;
  kind: 'alert' | 'confirm';
  text: string;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/**
 * Holds the app's alert and confirm dialogs: one at a time, the next one opens when the current one
 * closes (as the browser's would queue them).
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<readonly Pending[]>([]);
  const nextId = useRef(0);

  const open = useCallback((kind: Pending['kind'], text: string, options: ConfirmOptions = {}) => {
    return new Promise<boolean>((resolve) => {
      nextId.current += 1;
      const item: Pending = { id: nextId.current, kind, text, options, resolve };
      setQueue((current) => [...current, item]);
    });
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      alert: async (text) => {
        await open('alert', text);
      },
      confirm: (text, options) => open('confirm', text, options),
    }),
    [open],
  );

  const current = queue[0];
  const confirmed = useRef(false);

  return (
    <DialogContext.Provider value={dialogs}>
      {children}
      {current && (
        <ConfirmDialog
          key={current.id}
          text={current.text}
          confirmLabel={current.kind === 'alert' ? t('dialog.ok') : (current.options.confirmLabel ?? t('dialog.confirm'))}
          confirmTone={current.kind === 'alert' ? 'primary' : (current.options.tone ?? 'primary')}
          cancelLabel={current.kind === 'alert' ? null : undefined}
          onConfirm={() => {
            confirmed.current = true;
          }}
          onClose={() => {
            current.resolve(confirmed.current);
            confirmed.current = false;
            setQueue((items) => items.filter((item) => item.id !== current.id));
          }}
        />
      )}
    </DialogContext.Provider>
  );
}
