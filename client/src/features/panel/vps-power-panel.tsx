import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VPS_ACTIONS, type VpsAction, type VpsDto } from '../../../../shared/schemas/vps';
import { ConfirmDialog } from '../../ui/dialogs/confirm-dialog';
import { PowerStatusBadge } from './power-status-badge';
import { useVpsAction } from './use-vps-action';
import { VpsActionFeedback } from './vps-action-feedback';
import { allowedActions, isTransitioning, needsConfirmation, vpsName } from './vps-power';

interface Props {
  vps: VpsDto;
  onDone: (vps: VpsDto) => void;
  onOutdated: () => void;
}

/**
 * The machine's state and the start / stop / reboot buttons. Only what makes sense now is
 * available; while an action runs, none is. Unavailable buttons stay focusable (aria-disabled):
 * after a confirmed stop, focus stays on the button rather than falling to the page.
 */
export function VpsPowerPanel({ vps, onDone, onOutdated }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const { running, problem, waiting, run } = useVpsAction({ onDone, onOutdated });
  const [confirming, setConfirming] = useState<Exclude<VpsAction, 'start'> | null>(null);
  const status = vps.vps_info.status;
  const allowed = running === null && !waiting ? allowedActions(vps) : [];

  function request(action: VpsAction) {
    if (!allowed.includes(action)) return;
    if (needsConfirmation(action)) setConfirming(action as Exclude<VpsAction, 'start'>);
    else void run(vps.vpsId, action);
  }

  return (
    <section className="vps-section vps-power" aria-labelledby={titleId}>
      <h3 id={titleId} className="vps-section__title">
        {t('panel.vpsDetail.power')}
      </h3>
      {/* Polite live region: the new state is read out as it changes (after an action, or a refresh). */}
      <p className="vps-power__state" aria-live="polite">
        <span className="vps-power__state-label">{t('panel.vpsDetail.state')}</span>
        <PowerStatusBadge status={status} />
      </p>
      <div className="vps-power__actions" role="group" aria-label={t('panel.actions.label')}>
        {VPS_ACTIONS.map((action) => {
          const busy = running === action;
          return (
            <button
              key={action}
              type="button"
              className={`button button--small vps-action vps-action--${action}`}
              aria-disabled={!allowed.includes(action)}
              aria-busy={busy || undefined}
              onClick={() => request(action)}
            >
              {busy ? <span className="spinner" aria-hidden="true" /> : <ActionIcon action={action} />}
              {busy ? t(`panel.actions.running.${action}`) : t(`panel.actions.${action}`)}
            </button>
          );
        })}
      </div>
      {vps.state !== 'suspended' && isTransitioning(status) && <p className="vps-power__hint">{t('panel.actions.transitionHint')}</p>}
      {vps.state !== 'suspended' && status === 'unknown' && <p className="vps-power__hint">{t('panel.actions.unknownHint')}</p>}
      {problem && <VpsActionFeedback problem={problem} />}
      {confirming && (
        <ConfirmDialog
          title={t(`panel.actions.confirm.${confirming}Title`)}
          text={t(`panel.actions.confirm.${confirming}Text`, { name: vpsName(vps) })}
          confirmLabel={t(`panel.actions.confirm.${confirming}`)}
          // The state may have moved while the dialog was open (a refresh): check again.
          onConfirm={() => {
            if (allowed.includes(confirming)) void run(vps.vpsId, confirming);
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}

const ICON_PATHS: Record<VpsAction, string> = {
  start: 'M8 5.5v13l10-6.5-10-6.5Z',
  stop: 'M7 7h10v10H7z',
  reboot: 'M19 12a7 7 0 1 1-2.05-4.95M19 4.5V9h-4.5',
};

function ActionIcon({ action }: { action: VpsAction }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[action]} />
    </svg>
  );
}
