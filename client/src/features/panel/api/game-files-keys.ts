import { servicesKeys } from './services-keys';

/** A game server's files in the query cache, under its service: directories, file contents, SFTP. */
export const gameFilesKeys = {
  all: (id: number) => [...servicesKeys.detail(id), 'files'] as const,
  directory: (id: number, directory: string) => [...gameFilesKeys.all(id), 'dir', directory] as const,
  contents: (id: number, file: string) => [...gameFilesKeys.all(id), 'contents', file] as const,
  sftp: (id: number) => [...gameFilesKeys.all(id), 'sftp'] as const,
};
