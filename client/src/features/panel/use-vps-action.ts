import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VpsAction, VpsDto } from '../../../../shared/schemas/vps';
import { useActOnVps } from './api/act-on-vps';
import { actionProblemOf, type ActionProblem } from './vps-action-problem';
import { useDialogs } from '../../ui/dialogs/dialog-context';

interface Options {
  /** The server's answer: the machine in its new state (e.g. 'stopping'). */
  onDone: (vps: VpsDto) => void;
  /** A refusal that says our copy is behind (suspended, busy): read the list again. */
  onOutdated: () => void;
}

/**
 * Start, stop or reboot (POST /api/vps/{id}/{action}, empty body), one at a time. A failure is
 * the spec's alert (§8 "Erreur lors de l'action {x}") plus, for the refusals we know, a clearer
 * `problem`. After a 429 the actions stay off until the server's wait is over.
 */
export function useVpsAction({ onDone, onOutdated }: Options) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  // mutateAsync keeps its identity: the callback below does not change on every render.
  const { mutateAsync: actOnVps } = useActOnVps();
  const [running, setRunning] = useState<VpsAction | null>(null);
  const [problem, setProblem] = useState<ActionProblem | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (problem?.kind !== 'rateLimited') return;
    const timer = setTimeout(() => setProblem(null), problem.seconds * 1_000);
    return () => clearTimeout(timer);
  }, [problem]);

  const run = useCallback(
    async (vpsId: number, action: VpsAction) => {
      if (busy.current) return;
      busy.current = true;
      setRunning(action);
      setProblem(null);
      try {
        const { vps } = await actOnVps({ vpsId, action });
        onDone(vps);
      } catch (error) {
        const found = actionProblemOf(error);
        setProblem(found);
        if (found?.kind === 'suspended' || found?.kind === 'busy') onOutdated();
        void dialogs.alert(t('panel.actions.error', { action: t(`panel.actions.names.${action}`) }));
      } finally {
        busy.current = false;
        setRunning(null);
      }
    },
    [actOnVps, onDone, onOutdated, t, dialogs],
  );

  return { running, problem, waiting: problem?.kind === 'rateLimited', run };
}
