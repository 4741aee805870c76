import { pipeline } from 'node:stream/promises';
import express, { Router, type RequestHandler, type Response } from 'express';
import { gameFilesApi } from '../../../../shared/contract/game-files';
import { UPLOAD_MAX_BYTES } from '../../../../shared/schemas/game-files';
import { ValidationError } from '../../../http/errors';
import { currentUser } from '../../../http/require-user';
import { route, SENT } from '../../../http/route';
import type { GameFiles } from './game-files.service';

/** The name a browser saves a download under: ASCII, no quote or slash (the header is quoted). */
const attachmentName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/[^\w.\- ]/g, '_') || 'file';

const privateAnswer = (res: Response) => res.set({ 'Cache-Control': 'private, no-store', Vary: 'Authorization' });

/** A game server's files and SFTP (issue 33): reads for the owner, changes under the service action limit. */
export function gameFilesRoutes(deps: { files: GameFiles; requireUser: RequestHandler; actionLimit: RequestHandler }): Router {
  const { files, requireUser, actionLimit } = deps;
  const router = Router();

  route(router, gameFilesApi.list, requireUser, async ({ req, res, params, query }) => {
    privateAnswer(res);
    return files.list(currentUser(req), params.id, query.directory);
  });

  route(router, gameFilesApi.read, requireUser, async ({ req, res, params, query }) => {
    privateAnswer(res);
    return files.read(currentUser(req), params.id, query.file);
  });

  route(router, gameFilesApi.write, requireUser, actionLimit, async ({ req, params, body }) =>
    files.write(currentUser(req), params.id, body.file, body.content, req.ip),
  );

  // Streamed from the node as it comes: the node's signed URL stays on this server.
  route(router, gameFilesApi.download, requireUser, async ({ req, res, params, query }): Promise<typeof SENT> => {
    const file = await files.download(currentUser(req), params.id, query.file);
    privateAnswer(res);
    res.set({
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${attachmentName(query.file)}"`,
      ...(file.size === null ? {} : { 'Content-Length': String(file.size) }),
    });
    try {
      await pipeline(file.body, res);
    } catch (err) {
      // The node or the browser went away mid-file: the answer is cut, there is nothing else to send.
      req.log.warn({ err: (err as Error).message }, 'game file download cut off');
      res.destroy();
    }
    return SENT;
  });

  route(
    router,
    gameFilesApi.upload,
    requireUser,
    actionLimit,
    express.raw({ type: () => true, limit: UPLOAD_MAX_BYTES }),
    async ({ req, params, query }) => {
      if (!Buffer.isBuffer(req.body)) throw ValidationError({ _: ['panel.files.errorupload'] }, 'Send the file as the raw body');
      return files.upload(currentUser(req), params.id, query.directory, query.name, req.body, req.ip);
    },
  );

  route(router, gameFilesApi.sftp, requireUser, async ({ req, res, params }) => {
    privateAnswer(res);
    return files.sftp(currentUser(req), params.id);
  });

  route(router, gameFilesApi.sftpPassword, requireUser, actionLimit, async ({ req, res, params, body }) => {
    privateAnswer(res); // the password is in this answer: no cache keeps it
    return files.setSftpPassword(currentUser(req), params.id, body.password, req.ip);
  });

  return router;
}
