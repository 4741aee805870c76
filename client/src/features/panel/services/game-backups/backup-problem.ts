import { ApiError } from '../../../../api/client';

const KNOWN = ['backup_limit_reached', 'backup_busy', 'backup_not_ready', 'restore_running', 'service_suspended'] as const;

/** The locale key that words a refused backup action: the API's code when the page knows it. */
export function backupProblemKey(error: unknown): string {
  if (error instanceof ApiError) {
    if ((KNOWN as readonly string[]).includes(error.error)) return `panel.backups.errors.${error.error}`;
    if (error.status === 502 || error.status === 503) return 'panel.backups.errors.panel_unavailable';
  }
  return 'panel.backups.errors.generic';
}
