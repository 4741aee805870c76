import { z } from 'zod';

// A game server's files and SFTP access in the customer panel (issue 33): GET/PUT
// /api/services/{id}/files…, /sftp. Paths are absolute inside the server's root ("/plugins",
// "/server.properties"); a path that climbs out (`..`), holds a NUL or a backslash is refused
// before anything reaches the panel.

/** The editor opens and saves text files up to this size; bigger ones go by download, upload or SFTP. */
export const EDITABLE_FILE_MAX_BYTES = 48 * 1024;
/** An upload through the panel; a world or a modpack goes by SFTP. */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Pterodactyl hashes passwords with bcrypt, which reads 72 bytes at most. */
export const SFTP_PASSWORD_MIN_LENGTH = 12;
export const SFTP_PASSWORD_MAX_BYTES = 72;

const PATH_ERROR = 'panel.files.errorpath';

/** "/plugins/", "plugins" and "//plugins" are "/plugins"; the root is "/". */
export function normalizeGamePath(path: string): string {
  const joined = `/${path}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return joined === '' ? '/' : joined;
}

const safePath = z
  .string({ error: PATH_ERROR })
  .max(1024, PATH_ERROR)
  .refine((p) => !p.includes('\u0000') && !p.includes('\\'), PATH_ERROR)
  .refine((p) => !p.split('/').some((part) => part === '..' || part === '.'), PATH_ERROR)
  .transform(normalizeGamePath);

export const gameDirectoryQuery = z.object({ directory: safePath.default('/') });
const filePath = safePath.refine((p) => p !== '/', PATH_ERROR);
export const gameFileQuery = z.object({ file: filePath });

/** A file's name alone: no slash, not "." or "..". */
export const gameFileName = z
  .string({ error: 'panel.files.errorname' })
  .min(1, 'panel.files.errorname')
  .max(255, 'panel.files.errorname')
  .refine((n) => !/[/\\]/.test(n) && !n.includes('\u0000') && n !== '.' && n !== '..', 'panel.files.errorname');

export const gameUploadQuery = z.object({ directory: safePath.default('/'), name: gameFileName });

export const gameFileEntrySchema = z.object({
  name: z.string(),
  path: z.string(),
  kind: z.enum(['file', 'directory']),
  size: z.number().int().nonnegative(),
  modifiedAt: z.iso.datetime(),
  /** Text small enough for the editor. */
  editable: z.boolean(),
});
export type GameFileEntryDto = z.infer<typeof gameFileEntrySchema>;

export const gameDirectorySchema = z.object({ directory: z.string(), entries: z.array(gameFileEntrySchema) });
export type GameDirectoryDto = z.infer<typeof gameDirectorySchema>;

export const gameFileContentsSchema = z.object({ file: z.string(), content: z.string() });
export type GameFileContentsDto = z.infer<typeof gameFileContentsSchema>;

export const gameFileWriteSchema = z.object({
  file: filePath,
  content: z
    .string({ error: 'panel.files.errorcontent' })
    .refine((text) => new TextEncoder().encode(text).length <= EDITABLE_FILE_MAX_BYTES, 'panel.files.errortoolarge'),
});
export type GameFileWriteInput = z.input<typeof gameFileWriteSchema>;

export const gameFileSavedSchema = z.object({ file: z.string(), size: z.number().int().nonnegative() });

export const sftpAccessSchema = z.object({
  sftp: z.object({ host: z.string(), port: z.number().int(), username: z.string() }),
});
export type SftpAccessDto = z.infer<typeof sftpAccessSchema>;

/** A password the customer chose, or none: the server makes one. */
export const sftpPasswordSchema = z.object({
  password: z
    .string({ error: 'panel.files.sftp.errorlength' })
    .min(SFTP_PASSWORD_MIN_LENGTH, 'panel.files.sftp.errorlength')
    .refine((p) => new TextEncoder().encode(p).length <= SFTP_PASSWORD_MAX_BYTES, 'panel.files.sftp.errorlength')
    .optional(),
});
export type SftpPasswordInput = z.input<typeof sftpPasswordSchema>;

/** Shown once: the password is not kept anywhere on our side. */
export const sftpPasswordSetSchema = sftpAccessSchema.extend({ password: z.string() });
