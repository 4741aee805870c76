import { createContext, useContext } from 'react';

export interface ConfirmOptions {
  /** The confirm button's text; "Confirmer" when not given. */
  confirmLabel?: string;
  /** 'danger' for what cannot be undone, 'primary' otherwise (the default). */
  tone?: 'danger' | 'primary';
}

/** In-app replacements for window.alert and window.confirm: same message, a modal dialog. */
export interface Dialogs {
  /** Shows `text` with one OK button; resolves once it is closed. */
  alert: (text: string) => Promise<void>;
  /** Asks `text`; resolves true when confirmed, false on Annuler, Escape or the backdrop. */
  confirm: (text: string, options?: ConfirmOptions) => Promise<boolean>;
}

export const DialogContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const value = useContext(DialogContext);
  if (!value) throw new Error('useDialogs must be used inside <DialogProvider>');
  return value;
}
