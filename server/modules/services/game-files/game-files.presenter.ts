import type { GameFileEntry } from '../../../providers/game-panel/client-api/game-files';
import { EDITABLE_FILE_MAX_BYTES, type GameFileEntryDto } from '../../../../shared/schemas/game-files';

/** Text the editor can open: the node's mimetype says text, or a format written by hand. */
const TEXT = /^(text\/|application\/(json|x-yaml|yaml|xml|toml|x-sh|javascript))/;

/** One directory entry as the file browser shows it, with its full path. */
export function presentEntry(directory: string, entry: GameFileEntry): GameFileEntryDto {
  const path = directory === '/' ? `/${entry.name}` : `${directory}/${entry.name}`;
  return {
    name: entry.name,
    path,
    kind: entry.isFile ? 'file' : 'directory',
    size: Math.max(0, Math.trunc(entry.size)),
    modifiedAt: entry.modifiedAt.toISOString(),
    editable: entry.isFile && TEXT.test(entry.mimetype) && entry.size <= EDITABLE_FILE_MAX_BYTES,
  };
}
