import type { QueryClient } from '@tanstack/react-query';
import type { SessionDto } from '../../../../../shared/schemas/auth';

/** The account's live sessions in the query cache. */
export const sessionsKeys = {
  all: ['account', 'sessions'] as const,
};

/** The sessions shown, without those an answer ended (a read on its way would bring them back: it stops first). */
export async function dropSessions(queryClient: QueryClient, ended: (session: SessionDto) => boolean) {
  await queryClient.cancelQueries({ queryKey: sessionsKeys.all });
  queryClient.setQueryData<SessionDto[]>(sessionsKeys.all, (sessions) => sessions?.filter((session) => !ended(session)));
}
