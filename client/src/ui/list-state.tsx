import type { ReactNode } from 'react';
import { FormAlert } from './form-alert';

type Status = 'loading' | 'failed' | 'ready';
type Ready<S> = Extract<S, { status: 'ready' }>;

interface Props<S extends { status: Status }> {
  state: S;
  /** Already translated. */
  loading: string;
  failed: string;
  /** The button that reads the list again after a failure; none when absent. */
  retry?: { label: string; onRetry: () => unknown };
  /** Whether the list that came is empty; `empty` shows then instead of `children`. */
  isEmpty?: (ready: Ready<S>) => boolean;
  /** A text (shown in the look's line) or the page's own empty block. */
  empty?: ReactNode;
  /** The back-office's compact lines or the client panel's blocks: their markup and classes. */
  look?: 'staff' | 'panel';
  /** The list once it came; a page that returns early on the other states may leave it out. */
  children?: (ready: Ready<S>) => ReactNode;
}

/** A list read from the API: loading, failed with a retry, empty, or ready (the page draws it). */
export function ListState<S extends { status: Status }>({
  state,
  loading,
  failed,
  retry,
  isEmpty,
  empty,
  look = 'staff',
  children,
}: Props<S>) {
  const panel = look === 'panel';
  if (state.status === 'loading') {
    return panel ? (
      <p className="status-line panel-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {loading}
      </p>
    ) : (
      <p className="staff-state" role="status">
        <span className="spinner" aria-hidden="true" /> {loading}
      </p>
    );
  }
  if (state.status === 'failed') {
    const button = retry && (
      <button
        type="button"
        className={panel ? 'button button--secondary' : 'button button--secondary button--small'}
        onClick={() => void retry.onRetry()}
      >
        {retry.label}
      </button>
    );
    return panel ? (
      <div className="panel-failed">
        <FormAlert tone="error">{failed}</FormAlert>
        {button}
      </div>
    ) : (
      <div className="staff-state staff-state--error">
        <p role="alert">{failed}</p>
        {button}
      </div>
    );
  }
  const ready = state as Ready<S>;
  if (isEmpty?.(ready)) return typeof empty === 'string' ? <p className={panel ? 'panel-status' : 'staff-state'}>{empty}</p> : empty;
  return children?.(ready) ?? null;
}
