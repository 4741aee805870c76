import { ConflictError, HttpError } from '../../../http/errors';
import { GameBackupsNotConfigured } from '../../../providers/game-panel/client-api/backups-types';
import { GamePanelNotFound, GamePanelRefused, GamePanelUnavailable } from '../../../providers/game-panel/types';

// What the panel's answers mean to the customer: each a clear code the page words in its language.

export const BackupNotFound = () => new HttpError(404, 'backup_not_found', 'No such backup on this server');

export const backupLimitReached = (limit: number) =>
  ConflictError('backup_limit_reached', `This server holds its offer's ${limit} backups: delete one to take another`);

/** The panel's refusal or silence, as the API answers it; anything else is thrown as is. */
export function panelProblem(err: unknown): unknown {
  if (err instanceof GameBackupsNotConfigured)
    return new HttpError(503, 'panel_client_key_missing', 'Backups are not reachable: the game panel has no client key set');
  if (err instanceof GamePanelNotFound) return BackupNotFound();
  if (err instanceof GamePanelUnavailable)
    return new HttpError(502, 'panel_unavailable', 'The game panel could not be reached; nothing was changed');
  if (err instanceof GamePanelRefused) {
    const codes = err.errors.map((e) => e.code);
    if (codes.includes('TooManyBackupsException'))
      return ConflictError('backup_limit_reached', 'This server holds all the backups its offer allows');
    if (codes.includes('BadRequestHttpException'))
      return ConflictError('backup_busy', 'The server is restoring a backup or this one is not ready');
    if (codes.includes('BackupLockedException')) return ConflictError('backup_locked', 'This backup is locked on the panel');
    return new HttpError(502, 'panel_refused', 'The game panel refused the request; nothing was changed');
  }
  return err;
}
