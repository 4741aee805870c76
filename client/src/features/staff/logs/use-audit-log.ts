import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditLogEntryDto, AuditLogPageDto } from '../../../../../shared/schemas/staff';
import { ApiError } from '../../../api/client';
import { auditLogPath } from '../staff-api-paths';
import { useStaffApi } from '../use-staff-api';

export interface LogFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: LogFilters = { actor: '', action: '', from: '', to: '' };

export type LogsState =
  | { status: 'loading' }
  /** `invalid`: the server refused the filters (400), with the fields it named. */
  | { status: 'failed'; invalidFields: string[] | null }
  | { status: 'ready'; entries: AuditLogEntryDto[]; page: number; hasMore: boolean };

/** The audit log for the applied filters (GET /api/admin/logs, 50 a page); 'Charger plus' adds the next page. */
export function useAuditLog(filters: LogFilters) {
  const api = useStaffApi();
  const [state, setState] = useState<LogsState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const asked = ++generation.current;
    setState({ status: 'loading' });
    try {
      const answer = await api.get<AuditLogPageDto>(auditLogPath({ ...filters }, 1));
      if (asked === generation.current) setState({ status: 'ready', entries: answer.entries, page: 1, hasMore: answer.hasMore });
    } catch (error) {
      if (asked !== generation.current) return;
      const invalidFields = error instanceof ApiError && error.status === 400 ? Object.keys(error.fields ?? {}) : null;
      setState({ status: 'failed', invalidFields });
    }
  }, [api, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || loadingMore) return;
    const asked = generation.current;
    setLoadingMore(true);
    try {
      const answer = await api.get<AuditLogPageDto>(auditLogPath({ ...filters }, state.page + 1));
      if (asked !== generation.current) return;
      setState((now) => {
        if (now.status !== 'ready') return now;
        const known = new Set(now.entries.map((e) => e.id));
        return { status: 'ready', entries: [...now.entries, ...answer.entries.filter((e) => !known.has(e.id))], page: answer.page, hasMore: answer.hasMore };
      });
    } catch {
      // The rows shown stay; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [api, filters, state, loadingMore]);

  return { state, loadingMore, loadMore, reload: load };
}
