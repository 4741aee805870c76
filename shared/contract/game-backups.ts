import { gameBackupAnswerSchema, gameBackupCreateSchema, gameBackupParams, gameBackupsSchema } from '../schemas/game-backups';
import { serviceParams } from '../schemas/services';
import { endpoint } from './endpoint';

/** A game server's backups (issue 33), through the game panel; a VPS has none (409). */
export const gameBackupsApi = {
  list: endpoint({
    method: 'get',
    path: '/api/services/{id}/backups',
    summary: 'The backups of the caller’s game server, with the offer’s limit, a running restore and the daily schedule',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    response: gameBackupsSchema,
  }),
  create: endpoint({
    method: 'post',
    path: '/api/services/{id}/backups',
    summary: 'Starts a backup (answered at once, `creating`); 409 backup_limit_reached at the offer’s limit',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    body: gameBackupCreateSchema,
    response: gameBackupAnswerSchema,
    status: 202,
  }),
  restore: endpoint({
    method: 'post',
    path: '/api/services/{id}/backups/{backupId}/restore',
    summary: 'Replaces the server’s files with the backup’s (the current files are deleted first); 409 while a restore runs',
    tag: 'services',
    access: 'session',
    params: gameBackupParams,
    response: gameBackupsSchema,
    status: 202,
  }),
  download: endpoint({
    method: 'get',
    path: '/api/services/{id}/backups/{backupId}/download',
    summary: 'The backup’s archive (.tar.gz), streamed from the node through the shop',
    tag: 'services',
    access: 'session',
    params: gameBackupParams,
    produces: 'archive',
  }),
  remove: endpoint({
    method: 'delete',
    path: '/api/services/{id}/backups/{backupId}',
    summary: 'Deletes a backup of the caller’s game server',
    tag: 'services',
    access: 'session',
    params: gameBackupParams,
    response: gameBackupsSchema,
  }),
};
