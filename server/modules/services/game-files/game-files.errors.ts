import { ConflictError, HttpError, NotFoundError } from '../../../http/errors';
import { GameFileNotAFile, GameFilesUnconfigured, GameFileTooLarge } from '../../../providers/game-panel/client-api/game-files';
import { GamePanelNotFound, GamePanelRefused, GamePanelUnavailable } from '../../../providers/game-panel/types';

/**
 * The panel's answers as the customer's: a missing file 404, one too large for the editor 413, the
 * panel busy (installing, suspended there) 409, unreachable 502, not configured 503. Anything
 * else is thrown as it came (a bug, logged as a 500).
 */
export function asHttpError(err: unknown): unknown {
  if (err instanceof GameFilesUnconfigured)
    return new HttpError(503, 'panel_client_key_missing', 'The game panel’s client key is not set: files and SFTP are unavailable');
  if (err instanceof GamePanelNotFound) return new HttpError(404, 'file_not_found', 'No such file or directory on the server');
  if (err instanceof GameFileTooLarge)
    return new HttpError(413, 'file_too_large', 'This file is too large for the editor: download it, or use SFTP');
  if (err instanceof GameFileNotAFile)
    return new HttpError(422, 'not_a_file', 'This path is a directory, not a file', { file: ['panel.files.errornotfile'] });
  if (err instanceof GamePanelRefused) {
    if (err.status === 409) return ConflictError('server_busy', 'The game server is busy (installing or restoring): try again in a moment');
    if (err.status === 404) return NotFoundError('No such file or directory on the server');
    return new HttpError(422, 'panel_refused', 'The game panel refused this; nothing was changed');
  }
  if (err instanceof GamePanelUnavailable)
    return new HttpError(502, 'game_panel_unavailable', 'The game panel could not be reached; nothing was changed');
  return err;
}
