import { servicesKeys } from './services-keys';

/** A game server's backups in the query cache, under its service. */
export const gameBackupsKey = (serviceId: number) => [...servicesKeys.detail(serviceId), 'backups'] as const;
