import type { QueryClient } from '@tanstack/react-query';
import type { ServiceDto, ServicesListDto } from '../../../../../shared/schemas/services';

/** The customer's services in the query cache: the list, and each one by id. */
export const servicesKeys = {
  all: ['services'] as const,
  list: () => [...servicesKeys.all, 'list'] as const,
  detail: (id: number) => [...servicesKeys.all, 'detail', id] as const,
};

/** An answer about one service (cancel, keep) put in at once, in the list and in its own entry. */
export function putService(queryClient: QueryClient, service: ServiceDto) {
  queryClient.setQueryData<ServicesListDto>(servicesKeys.list(), (list) =>
    list ? { services: list.services.map((one) => (one.id === service.id ? service : one)) } : list,
  );
  queryClient.setQueryData(servicesKeys.detail(service.id), { service });
}
